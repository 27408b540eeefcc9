import { FORUM_NO_DESCRIPTION, type CreateForumPostBody, type ForumBlockInput } from '@cinegraph/contracts';

/** A block being written in the creator: the kinds it offers after the automatic text block. */
export type DraftBlockType = 'image' | 'video' | 'lora' | 'workflow';

export interface DraftBlock {
  id: string;
  type: DraftBlockType;
  /** The uploaded file's address ('' until a file is chosen). */
  url: string;
  keyword: string;
  strength: string;
}

export const DRAFT_BLOCK_LABELS: Record<DraftBlockType, string> = {
  image: 'Image',
  video: 'Video',
  lora: 'LoRA File',
  workflow: 'Workflow File',
};

export interface LoraView {
  url: string;
  keyword: string | null;
  strength: number | null;
}

/** Spec: a LoRA value is an object with url, keyword and strength, or a plain URL string. */
export function readLora(value: unknown): LoraView | null {
  if (typeof value === 'string') return value ? { url: value, keyword: null, strength: null } : null;
  if (!value || typeof value !== 'object') return null;
  const { url, keyword, strength } = value as Record<string, unknown>;
  if (typeof url !== 'string' || !url) return null;
  return {
    url,
    keyword: typeof keyword === 'string' && keyword ? keyword : null,
    strength: typeof strength === 'number' && Number.isFinite(strength) ? strength : null,
  };
}

/** How a block of a kind the reader does not know is shown: its text, or its value as JSON. */
export function plainBlockText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The file name an address ends with (its `key` for studio addresses), for download labels. */
export function fileNameOf(address: string, fallback: string): string {
  try {
    const url = new URL(address, 'http://studio.invalid');
    const path = url.searchParams.get('key') ?? url.pathname;
    const name = decodeURIComponent(path.split('/').filter(Boolean).at(-1) ?? '');
    return name || fallback;
  } catch {
    return fallback;
  }
}

/** Whether Create Post may be pressed (spec: disabled while the title is blank or only spaces). */
export function canCreatePost(title: string, blocks: readonly DraftBlock[]): boolean {
  return title.trim() !== '' && blocks.every((block) => block.url !== '');
}

/**
 * The body of POST v1/forum/post: the text first (spec: 'No description provided.' when empty), then
 * the added blocks in order; a LoRA carries its keyword and strength when given.
 */
export function buildPostBody(draft: {
  title: string;
  text: string;
  blocks: readonly DraftBlock[];
  userId: string;
  nickname: string | null;
}): CreateForumPostBody {
  const text = draft.text.trim() ? draft.text : FORUM_NO_DESCRIPTION;
  const blocks: ForumBlockInput[] = [{ type: 'text', value: text }];
  for (const block of draft.blocks) {
    if (block.type !== 'lora') {
      blocks.push({ type: block.type, value: block.url });
      continue;
    }
    const strength = Number.parseFloat(block.strength);
    blocks.push({
      type: 'lora',
      value: {
        url: block.url,
        ...(block.keyword.trim() && { keyword: block.keyword.trim() }),
        ...(Number.isFinite(strength) && { strength }),
      },
    });
  }
  return {
    title: draft.title.trim(),
    user_id: draft.userId,
    ...(draft.nickname && { user_nickname: draft.nickname.slice(0, 32) }),
    content_blocks: blocks,
  };
}
