/**
 * A preview tone as a WAV file (PCM 16-bit mono): a few seconds of sine at `frequency` Hz with short
 * fades, so it is audibly a placeholder.
 */
export function renderPreviewWav(seconds = 3, frequency = 440, sampleRate = 22_050): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  const fade = Math.round(sampleRate * 0.05);
  for (let index = 0; index < samples; index += 1) {
    const envelope = Math.min(1, index / fade, (samples - 1 - index) / fade);
    const value = Math.sin((2 * Math.PI * frequency * index) / sampleRate) * envelope * 0.4;
    data.writeInt16LE(Math.round(value * 32_767), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // size of the fmt chunk
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
