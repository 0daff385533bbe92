import type { EntityManager } from "@mikro-orm/core";
import type { z } from "zod";
import { managedUser, type SignedInUser } from "#server/modules/identity/index.js";
import { findMembership } from "#server/modules/organizations/index.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { can } from "#shared/permissions.js";
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  imageUrlOf,
  isImageKey,
  UPLOAD_MESSAGES,
  type uploadImageInput,
} from "#shared/schemas/uploads.js";
import { type CourseContext, findCourse } from "./course-access.js";
import { assertStorageRoom } from "./image-storage.js";
import { imageDimensionsOf, imageTypeOf, newImageKey } from "./images.rules.js";
import { CourseImage } from "./upload.entity.js";

/**
 * Images in lessons (docs/decisions/0052-images-in-the-database.md): storing an upload, at most
 * IMAGE_MAX_PIXELS and within the organization's storage (decisions 0276, 0277), and reading one back.
 */

/** An image never changes under its address (a new upload gets a new key), so the browser keeps it. */
const IMAGE_CACHE_CONTROL = "private, max-age=31536000, immutable";

/** What storing an upload is given by the procedure builders. */
type UploadContext = CourseContext & OrganizationScope & { user: SignedInUser };

/** uploads/image: stores the image and answers with its address, for the editor to put in the lesson. */
export async function uploadImage(
  ctx: UploadContext,
  input: z.output<typeof uploadImageInput>,
): Promise<{ url: string }> {
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
}

/**
 * uploads/images/:key: the image for a member of its organization; anyone else, and an unknown key, get
 * the same 404.
 */
export async function imageFile(ctx: { em: EntityManager; user: SignedInUser }, key: string) {
  // Which organization is the question here: the tenant filter has no organization to apply yet.
  const image = isImageKey(key)
    ? await ctx.em.findOne(CourseImage, { key }, { filters: false, populate: ["bytes"] })
    : null;
  const membership = image && (await findMembership(ctx.em, ctx.user, image.organization.id));
  if (!image || !membership || !can(membership.role, "org.view")) {
    throw fail.notFound(UPLOAD_MESSAGES.imageNotFound);
  }
  return { contentType: image.contentType, bytes: image.bytes, cacheControl: IMAGE_CACHE_CONTROL };
}
