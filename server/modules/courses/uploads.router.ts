import { managedUser } from "#server/modules/identity/index.js";
import { findMembership } from "#server/modules/organizations/index.js";
import { router, signedInProcedure } from "#server/platform/api/trpc.js";
import { organizationProcedure, permittedProcedure } from "#server/platform/api/trpc-org.js";
import { createOwned } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { ORGANIZATION_STORAGE_BYTES } from "#shared/constants.js";
import { can } from "#shared/permissions.js";
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_TYPES,
  imageKeyInput,
  imageUrlOf,
  isImageKey,
  UPLOAD_MESSAGES,
  uploadImageInput,
} from "#shared/schemas/uploads.js";
import { findCourse } from "./course-access.js";
import { assertStorageRoom, type StorageView, storageUsedBytes } from "./image-storage.js";
import { imageDimensionsOf, imageTypeOf, newImageKey } from "./images.rules.js";
import { CourseImage } from "./upload.entity.js";

/** An image never changes under its address (a new upload gets a new key), so the browser keeps it. */
const IMAGE_CACHE_CONTROL = "private, max-age=31536000, immutable";

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
    .mutation(async ({ ctx, input }) => {
      const course = await findCourse(ctx, input.courseId);
      if (input.bytes.length > IMAGE_MAX_BYTES) throw fail.tooLarge(UPLOAD_MESSAGES.tooLarge);
      if (imageTypeOf(input.bytes) !== input.contentType) throw fail.badRequest(UPLOAD_MESSAGES.typeRefused);
      // Its header read, never the image decoded: a browser showing it would allocate every pixel (decision 0277).
      const dimensions = imageDimensionsOf(input.bytes, input.contentType);
      if (!dimensions) throw fail.badRequest(UPLOAD_MESSAGES.unreadable);
      if (dimensions.width * dimensions.height > IMAGE_MAX_PIXELS) throw fail.badRequest(UPLOAD_MESSAGES.tooManyPixels);
      await assertStorageRoom(ctx, input.bytes.length);
      const key = newImageKey();
      createOwned(ctx, CourseImage, {
        course,
        key,
        contentType: input.contentType,
        bytes: Buffer.from(input.bytes),
        size: input.bytes.length,
        uploadedBy: managedUser(ctx.em, ctx.user),
      });
      return { url: imageUrlOf(key) };
    }),

  /**
   * Read by an <img>, which sends the session cookie but no organization header: the image names its
   * organization, and only its members see it. Anyone else, and an unknown key, get the same 404.
   */
  get: signedInProcedure
    .meta({ rest: { method: "GET", path: "/uploads/images/:key", fileAnswer: true } })
    .input(imageKeyInput)
    .query(async ({ ctx, input }) => {
      // Which organization is the question here: the tenant filter has no organization to apply yet.
      const image = isImageKey(input.key)
        ? await ctx.em.findOne(CourseImage, { key: input.key }, { filters: false, populate: ["bytes"] })
        : null;
      const membership = image && (await findMembership(ctx.em, ctx.user, image.organization.id));
      if (!image || !membership || !can(membership.role, "org.view")) {
        throw fail.notFound(UPLOAD_MESSAGES.imageNotFound);
      }
      return { contentType: image.contentType, bytes: image.bytes, cacheControl: IMAGE_CACHE_CONTROL };
    }),
});

/**
 * orgs/storage: the images' share of the organization's storage limit, spread into the orgs area by
 * server/router.ts (beside orgs/stats; decision 0276).
 */
export const storageProcedures = {
  storage: organizationProcedure("storage.view")
    .meta({ rest: { method: "GET", path: "/orgs/storage" } })
    .query(
      async ({ ctx }): Promise<StorageView> => ({
        usedBytes: await storageUsedBytes(ctx.em),
        limitBytes: ORGANIZATION_STORAGE_BYTES,
      }),
    ),
};
