import { router, signedInProcedure } from "#server/platform/api/trpc.js";
import { organizationProcedure, permittedProcedure } from "#server/platform/api/trpc-org.js";
import {
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  imageKeyInput,
  UPLOAD_MESSAGES,
  uploadImageInput,
} from "#shared/schemas/uploads.js";
import { storageView } from "./image-storage.js";
import { imageFile, uploadImage } from "./image-uploads.js";

/**
 * Images in lessons (docs/decisions/0052-images-in-the-database.md), at most IMAGE_MAX_PIXELS
 * each and ORGANIZATION_STORAGE_BYTES per organization (decisions 0276, 0277). Both paths carry bytes,
 * not superjson: the REST adapter reads the upload's raw body and sends the image as a file
 * (`rawBody`, `fileAnswer` in server/platform/api/trpc.ts RestEndpoint).
 */
export const uploadsRouter = router({
  /** The image's address, for the editor to put in the lesson. */
  image: permittedProcedure("courses.edit")
    .meta({
      rest: {
        method: "POST",
        path: "/uploads/image",
        rawBody: {
          types: IMAGE_TYPES,
          maxBytes: IMAGE_MAX_BYTES,
          refused: UPLOAD_MESSAGES.typeRefused,
          tooLarge: UPLOAD_MESSAGES.tooLarge,
        },
      },
    })
    .input(uploadImageInput)
    .mutation(({ ctx, input }) => uploadImage(ctx, input)),

  /**
   * Read by an <img>, which sends the session cookie but no organization header: the image names its
   * organization, and only its members see it. Anyone else, and an unknown key, get the same 404.
   */
  get: signedInProcedure
    .meta({ rest: { method: "GET", path: "/uploads/images/:key", fileAnswer: true } })
    .input(imageKeyInput)
    .query(({ ctx, input }) => imageFile(ctx, input.key)),
});

/**
 * orgs/storage: the images' share of the organization's storage limit, spread into the orgs area by
 * server/router.ts (beside orgs/stats; decision 0276).
 */
export const storageProcedures = {
  storage: organizationProcedure("storage.view")
    .meta({ rest: { method: "GET", path: "/orgs/storage" } })
    .query(({ ctx }) => storageView(ctx.em)),
};
