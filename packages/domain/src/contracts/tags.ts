import { z } from 'zod';
import { partialUpdateSchema } from './partial-update.ts';
import { DEFAULT_TAG_COLOR, TAG_COLORS } from '../connect-constants.ts';

/** Tags on members and leads (docs/product/connect-and-messaging.md#tags). */

export const TAG_NAME_MAX = 50;
export const TAG_DESCRIPTION_MAX = 200;
/** A bulk assignment covers at most one directory page selection of this size. */
export const TAG_BULK_MAX = 500;

const tagFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(TAG_NAME_MAX, `Name is at most ${TAG_NAME_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(TAG_DESCRIPTION_MAX, `Description is at most ${TAG_DESCRIPTION_MAX} characters`)
    .nullable()
    .transform((v) => (v ? v : null)),
  color: z.enum(TAG_COLORS, 'Choose one of the preset colors'),
};

export const tagInputSchema = z.object({
  ...tagFields,
  description: tagFields.description.default(null),
  color: tagFields.color.default(DEFAULT_TAG_COLOR),
});
export type TagInput = z.input<typeof tagInputSchema>;
export const tagUpdateSchema = partialUpdateSchema(tagFields);
export type TagUpdate = z.input<typeof tagUpdateSchema>;

export const tagSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  /** Members and leads carrying the tag, counted when asked. */
  assigneeCount: z.number().int(),
  /** Null when made by the system (or its author left): the table shows 'System'. */
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;
export const tagListSchema = z.object({ tags: z.array(tagSchema) });

/** A tag as shown on a member or lead: a coloured chip. */
export const tagChipSchema = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type TagChip = z.infer<typeof tagChipSchema>;
export const tagChipListSchema = z.object({ tags: z.array(tagChipSchema) });

export const tagIdsSchema = z.object({
  tagIds: z
    .array(z.uuid('Tag id must be a UUID'), { error: 'tagIds must be a list of tag ids' })
    .max(100, 'At most 100 tags'),
});

export const tagMemberIdsSchema = z.object({
  memberIds: z
    .array(z.uuid('Member id must be a UUID'), { error: 'memberIds must be a list of member ids' })
    .min(1, 'Choose at least one member')
    .max(TAG_BULK_MAX, `At most ${TAG_BULK_MAX} members at a time`),
});
export const tagBulkResultSchema = z.object({
  /** Members whose tags changed (already tagged or untagged members do not count). */
  changed: z.number().int(),
  assigneeCount: z.number().int(),
});
