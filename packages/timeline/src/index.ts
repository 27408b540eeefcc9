export * from './rational-time';
export * from './timeline';
export * from './formats';
export * from './text';
export { writeFcp7Xml } from './fcp7-xml';
export { FCPXML_VERSION, writeFcpxml } from './fcpxml';
export { writeOtio } from './otio';
export { readOtioClips, type OtioClipReading } from './otio-read';
export { writeEdl } from './edl';
