import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { toast } from "#client/lib/toast.js";

/**
 * A secret just made (an API key, a webhook's signing secret), shown this once with a copy button: the
 * server never shows it again.
 */
export function ShownOnce({ value, what, onDone }: { value: string; what: "key" | "secret"; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(what === "key" ? "Key copied." : "Secret copied.");
    } catch {
      toast.error(`The ${what} could not be copied: select it and copy it yourself.`);
    }
  };
  return (
    <output className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">Copy this {what} now. It is shown only once.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <code className="min-w-0 flex-1 break-all rounded-md bg-white px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-amber-200">
          {value}
        </code>
        <Button variant="outline" onClick={() => void copy()} aria-label={`Copy the ${what}`}>
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <Button variant="ghost" size="sm" className="self-start" onClick={onDone}>
        Done
      </Button>
    </output>
  );
}
