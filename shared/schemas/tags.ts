import { z } from "zod";
import { LIMITS } from "#shared/constants.js";
import { id, text } from "./common.js";

export const TAG_TYPES = ["department", "role"] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const TAG_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 100 characters.",
  parentRequired: "A parent department is required for roles.",
  colorOnlyDepartments: "Color can only be specified for departments, not roles.",
  colorFormat: "Invalid hex color format.",
  colorFormatUpdate: "Invalid hex color",
  typeInvalid: "Type must be department or role.",
  idInvalid: "Tag ID must be a positive number.",
  departmentHasNoParent: "Departments cannot belong to another department.",
  parentNotDepartment: "Roles can only belong to a department.",
  parentNotFound: "Parent department not found.",
  notFound: "Tag not found.",
} as const;

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

const tagNameField = text({ error: TAG_MESSAGES.nameRequired })
  .trim()
  .min(LIMITS.tagNameMin, TAG_MESSAGES.nameRequired)
  .max(LIMITS.tagNameMax, TAG_MESSAGES.nameTooLong);

export const tagCreateInput = z
  .object({
    name: tagNameField,
    type: z.enum(TAG_TYPES, { error: TAG_MESSAGES.typeInvalid }),
    parentId: id(TAG_MESSAGES.idInvalid).nullish(),
    color: text({ error: TAG_MESSAGES.colorFormat }).nullish(),
  })
  .superRefine((tag, context) => {
    if (tag.type === "role" && tag.parentId == null) {
      context.addIssue({ code: "custom", path: ["parentId"], message: TAG_MESSAGES.parentRequired });
    }
    if (tag.type === "role" && tag.color != null && tag.color !== "") {
      context.addIssue({ code: "custom", path: ["color"], message: TAG_MESSAGES.colorOnlyDepartments });
    } else if (tag.color != null && tag.color !== "" && !HEX_COLOR.test(tag.color)) {
      context.addIssue({ code: "custom", path: ["color"], message: TAG_MESSAGES.colorFormat });
    }
  });

export const tagUpdateInput = z.object({
  id: id(TAG_MESSAGES.idInvalid),
  name: tagNameField,
  color: text({ error: TAG_MESSAGES.colorFormatUpdate }).regex(HEX_COLOR, TAG_MESSAGES.colorFormatUpdate).nullish(),
});

export const tagDeleteInput = z.object({ id: id(TAG_MESSAGES.idInvalid) });

/** The tag dialog's form: name, and a colour for departments. */
export const tagFormInput = z.object({
  name: tagNameField,
  color: text({ error: TAG_MESSAGES.colorFormat }).regex(HEX_COLOR, TAG_MESSAGES.colorFormat).optional(),
});
