export * from './rational-time';
export * from './timeline';
export * from './formats';
export { writeFcp7Xml } from './fcp7-xml';
export { writeFcpxml } from './fcpxml';
export { writeOtio } from './otio';
export { readOtioClips, type OtioClipReading } from './otio-read';
export { writeEdl } from './edl';
