import { FORUM_NO_DESCRIPTION } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildPostBody,
  canCreatePost,
  fileNameOf,
  plainBlockText,
  readLora,
  type DraftBlock,
} from './forumBlocks';

const block = (type: DraftBlock['type'], url: string, extra: Partial<DraftBlock> = {}): DraftBlock => ({
  id: type,
  type,
  url,
  keyword: '',
  strength: '',
  ...extra,
});

describe('reading blocks', () => {
  it('reads a LoRA from an object or a plain URL, ignoring a malformed one', () => {
    expect(readLora('https://h/l.safetensors')).toEqual({
      url: 'https://h/l.safetensors',
      keyword: null,
      strength: null,
    });
    expect(readLora({ url: '/f', keyword: 'noir', strength: 0.7 })).toEqual({
      url: '/f',
      keyword: 'noir',
      strength: 0.7,
    });
    expect(readLora({ keyword: 'noir' })).toBeNull();
    expect(readLora(42)).toBeNull();
  });

  it('shows an unknown block as its text or as JSON', () => {
    expect(plainBlockText('hello')).toBe('hello');
    expect(plainBlockText({ a: 1 })).toBe('{\n  "a": 1\n}');
  });

  it('names a file by the end of its storage key', () => {
    expect(fileNameOf('/api/v1/community/file?key=users%2Fu%2Fassets%2Fa%2Fflow.json', 'x')).toBe(
      'flow.json',
    );
    expect(fileNameOf('https://h.example/models/style.safetensors', 'x')).toBe('style.safetensors');
    expect(fileNameOf('https://h.example/', 'workflow.json')).toBe('workflow.json');
  });
});

describe('creating a post', () => {
  it('needs a title that is not only spaces and a file in every added block', () => {
    expect(canCreatePost('  ', [])).toBe(false);
    expect(canCreatePost('Noir', [])).toBe(true);
    expect(canCreatePost('Noir', [block('image', '')])).toBe(false);
  });

  it('puts the text first, "No description provided." when empty, then the blocks in order', () => {
    const body = buildPostBody({
      title: ' Noir test ',
      text: ' ',
      blocks: [
        block('image', '/i.png'),
        block('lora', '/l', { keyword: ' noir ', strength: '0.8' }),
        block('lora', '/m'),
      ],
      userId: 'u1',
      nickname: 'Ann',
    });
    expect(body).toEqual({
      title: 'Noir test',
      user_id: 'u1',
      user_nickname: 'Ann',
      content_blocks: [
        { type: 'text', value: FORUM_NO_DESCRIPTION },
        { type: 'image', value: '/i.png' },
        { type: 'lora', value: { url: '/l', keyword: 'noir', strength: 0.8 } },
        { type: 'lora', value: { url: '/m' } },
      ],
    });
  });
});
