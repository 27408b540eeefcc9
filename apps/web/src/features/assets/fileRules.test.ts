import { ASSET_MAX_BYTES } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { acceptAttribute, fileProblem, uploadContentType } from './fileRules';

describe('fileProblem', () => {
  it('accepts one image of an accepted type, in any letter case', () => {
    expect(fileProblem([{ name: 'Still.PNG', size: 10 }], 'image')).toBeNull();
  });

  it("refuses another extension with the type's list", () => {
    expect(fileProblem([{ name: 'clip.mov', size: 10 }], 'video')).toBe(
      'File type must be .mp4, .webm, .ogg',
    );
    expect(fileProblem([{ name: 'style.ckpt', size: 10 }], 'lora')).toBe('File type must be .safetensors');
  });

  it('refuses more than one file per drop', () => {
    const two = [
      { name: 'a.png', size: 1 },
      { name: 'b.png', size: 1 },
    ];
    expect(fileProblem(two, 'image')).toBe('Too many files');
  });

  it('refuses files over the type limit and empty files with their sizes in bytes', () => {
    const max = ASSET_MAX_BYTES.image;
    expect(fileProblem([{ name: 'big.png', size: max + 1 }], 'image')).toBe(
      `File is larger than ${max} bytes`,
    );
    expect(fileProblem([{ name: 'empty.png', size: 0 }], 'image')).toBe('File is smaller than 1 bytes');
  });
});

describe('uploadContentType', () => {
  it('derives the content type from the extension, ogg by the input type', () => {
    expect(uploadContentType('image', 'a.JPG')).toBe('image/jpeg');
    expect(uploadContentType('video', 'a.ogg')).toBe('video/ogg');
    expect(uploadContentType('audio', 'a.ogg')).toBe('audio/ogg');
    expect(uploadContentType('lora', 'a.safetensors')).toBe('application/octet-stream');
  });
});

it('lists the accepted extensions for the file picker', () => {
  expect(acceptAttribute('audio')).toBe('.mp3,.wav,.ogg,.m4a');
});
