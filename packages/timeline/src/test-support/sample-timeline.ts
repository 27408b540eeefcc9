import { FRAME_RATES } from '../rational-time';
import { buildTimeline, type ShotEntry } from '../timeline';

/** Two scenes: a video shot, a still with characters XML and URLs must escape, a video with sound, a sound-only shot and an empty one. */
export const SAMPLE_SHOTS: ShotEntry[] = [
  {
    name: '1-1 Hero enters',
    description: 'Wide shot: the hero enters the station.',
    picture: { path: 'media/1-1-Hero enters-take1.mp4', kind: 'video', seconds: 4.2 },
  },
  {
    name: '1-2 Close up',
    description: 'Close up on <Anna> & her "smile"',
    picture: { path: 'media/1-2-Close up & smile-take2.png', kind: 'image' },
  },
  {
    name: '1-3 Dialogue',
    description: 'Anna: "We leave at dawn."',
    picture: { path: 'media/1-3-Dialogue-take1.mp4', kind: 'video', seconds: 5 },
    sound: { path: 'media/1-3-Voice-take1.wav', kind: 'audio', seconds: 2 },
  },
  {
    name: '2-1 Train whistle',
    description: 'Off screen: the train whistles.',
    sound: { path: 'media/2-1-Whistle-take3.mp3', kind: 'audio', seconds: 2.5 },
  },
  { name: '2-2 Empty', description: 'No take yet.' },
];

export const SAMPLE_SETTINGS = {
  name: 'Night Train',
  rate: FRAME_RATES['23.976'],
  width: 1920,
  height: 1080,
  stillSeconds: 3,
};

export function sampleTimeline() {
  return buildTimeline(SAMPLE_SHOTS, SAMPLE_SETTINGS);
}
