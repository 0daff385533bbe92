import { type FormEvent, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";

/** Long enough for a sentence or two; a longer explanation belongs in the lesson's text beside the image. */
const IMAGE_DESCRIPTION_MAX = 250;

/** The image whose description is being written: just uploaded, or chosen in the text. */
export interface ImageAltTarget {
  src: string;
  /** Where the image stood when the dialog opened (the dialog is modal: nothing moves it meanwhile). */
  position: number;
  alt: string;
  /** Asked right after an upload: "Skip" rather than "Cancel", as the image is already in the text. */
  justUploaded: boolean;
}

export interface ImageAltDialogProps {
  target: ImageAltTarget | null;
  onSave: (target: ImageAltTarget, alt: string) => void;
  onClose: () => void;
}

/**
 * Asks for an image's description (its `alt`), which screen readers read in its place and which shows
 * when the image cannot load. Asked on every upload and from the toolbar's "Image description" while an
 * image is selected; the server keeps it as the img's alt (decision 0298).
 */
export function ImageAltDialog({ target, onSave, onClose }: ImageAltDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {/* Mounted per image, so that the field starts from that image's description. */}
        {target && (
          <ImageAltForm key={`${target.src}@${target.position}`} target={target} onSave={onSave} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ImageAltForm({ target, onSave, onClose }: { target: ImageAltTarget } & Omit<ImageAltDialogProps, "target">) {
  const [alt, setAlt] = useState(target.alt);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Kept out of the page's own form, whose submit would otherwise fire too.
    event.stopPropagation();
    onSave(target, alt.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Describe this image</DialogTitle>
        <DialogDescription>
          Screen readers read the description in place of the image, and it shows when the image cannot load. Leave it
          empty if the image is only decoration.
        </DialogDescription>
      </DialogHeader>
      <div className="flex items-center justify-center rounded-lg border border-slate-200 bg-slate-50 p-2">
        <img src={target.src} alt="" className="max-h-40 max-w-full rounded" />
      </div>
      <FormField label="Image description" hint="For example: Forklift with its forks lowered to the floor.">
        {(field) => (
          <Input
            {...field}
            autoFocus
            value={alt}
            maxLength={IMAGE_DESCRIPTION_MAX}
            onChange={(event) => setAlt(event.target.value)}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {target.justUploaded ? "Skip" : "Cancel"}
        </Button>
        <Button type="submit">Save description</Button>
      </DialogFooter>
    </form>
  );
}
