import { writeEdl } from './edl';
import { writeFcp7Xml } from './fcp7-xml';
import { writeFcpxml } from './fcpxml';
import { writeOtio } from './otio';
import type { Timeline } from './timeline';

export interface TimelineFormat {
  extension: string;
  write: (timeline: Timeline) => string;
}

/** The four timeline formats of the export, by the name `?format=` takes. */
export const TIMELINE_FORMATS = {
  fcp7: { extension: 'xml', write: writeFcp7Xml },
  fcpxml: { extension: 'fcpxml', write: writeFcpxml },
  otio: { extension: 'otio', write: writeOtio },
  edl: { extension: 'edl', write: writeEdl },
} as const satisfies Record<string, TimelineFormat>;
export type TimelineFormatName = keyof typeof TIMELINE_FORMATS;
