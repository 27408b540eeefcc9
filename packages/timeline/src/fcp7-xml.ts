import { framesWithin, isNtsc, timebase, timecode, type FrameRate } from './rational-time';
import { mediaFileName, mediaUrl, type PlacedClip, type Timeline } from './timeline';
import { el, textEl, xmlDocument, type XmlElement } from './xml';

const AUDIO_SAMPLE_RATE = 48000;

/** `<rate>`: NTSC rates are their whole timebase plus `<ntsc>TRUE`, as FCP 7, Premiere and Resolve read them. */
function rateEl(rate: FrameRate): XmlElement {
  return el('rate', {}, [
    textEl('timebase', timebase(rate)),
    textEl('ntsc', isNtsc(rate) ? 'TRUE' : 'FALSE'),
  ]);
}

/** The media and the sequence start at 00:00:00:00, counted non-drop-frame. */
function timecodeEl(rate: FrameRate): XmlElement {
  return el('timecode', {}, [
    rateEl(rate),
    textEl('string', timecode(0, rate)),
    textEl('frame', 0),
    textEl('displayformat', 'NDF'),
  ]);
}

/**
 * A file as it is: its own frame rate and length in its own frames (a video whose rate is known), its
 * picture size, its sound's sample rate, depth and channels; what is unknown is left out, so readers
 * take the clip's rate rather than a false one.
 */
function fileEl(clip: PlacedClip, timeline: Timeline, described: Set<string>): XmlElement {
  // The first clip of a file describes it; later clips refer to it by id, as FCP 7 writes it.
  if (described.has(clip.mediaId)) return el('file', { id: clip.mediaId });
  described.add(clip.mediaId);
  const { media } = clip;
  // <rate> holds a whole timebase, NTSC or not: a rate it cannot say (12.5) is left to the clip's.
  const ownRate =
    clip.kind === 'video' && media.rate && [1, 1001].includes(media.rate.den) ? media.rate : undefined;
  const rate = ownRate ?? timeline.rate;
  const duration =
    ownRate && media.seconds !== undefined ? framesWithin(media.seconds, ownRate) : clip.mediaDuration;
  const picture =
    clip.kind !== 'audio' &&
    el('video', {}, [
      el('samplecharacteristics', {}, [
        ownRate && rateEl(ownRate),
        media.width !== undefined && textEl('width', media.width),
        media.height !== undefined && textEl('height', media.height),
      ]),
    ]);
  const sound =
    (clip.kind === 'audio' || media.sampleRate !== undefined) &&
    el('audio', {}, [
      el('samplecharacteristics', {}, [
        media.bitDepth !== undefined && textEl('depth', media.bitDepth),
        media.sampleRate !== undefined && textEl('samplerate', media.sampleRate),
      ]),
      media.channels !== undefined && textEl('channelcount', media.channels),
    ]);
  return el('file', { id: clip.mediaId }, [
    textEl('name', mediaFileName(clip.path)),
    textEl('pathurl', mediaUrl(clip.path)),
    rateEl(rate),
    textEl('duration', duration),
    timecodeEl(rate),
    el('media', {}, [picture, sound]),
  ]);
}

function clipItem(clip: PlacedClip, timeline: Timeline, described: Set<string>): XmlElement {
  return el('clipitem', { id: clip.id }, [
    textEl('name', clip.name),
    textEl('enabled', 'TRUE'),
    textEl('duration', clip.mediaDuration),
    rateEl(timeline.rate),
    textEl('start', clip.start),
    textEl('end', clip.start + clip.duration),
    textEl('in', 0),
    textEl('out', clip.duration),
    clip.kind === 'image' && textEl('stillframe', 'TRUE'),
    fileEl(clip, timeline, described),
    clip.kind === 'audio' && el('sourcetrack', {}, [textEl('mediatype', 'audio'), textEl('trackindex', 1)]),
  ]);
}

/**
 * Final Cut Pro 7 XML (xmeml version 4), the interchange Premiere Pro and DaVinci Resolve import: one
 * sequence with its format, a video track and an audio track of clip items, each with its file (path
 * relative to the XML file, duration and rate), and a marker per shot carrying its description.
 */
export function writeFcp7Xml(timeline: Timeline): string {
  const described = new Set<string>();
  const track = (clips: PlacedClip[]) =>
    el('track', {}, [...clips.map((clip) => clipItem(clip, timeline, described)), textEl('enabled', 'TRUE')]);
  const sequence = el('sequence', { id: 'sequence-1' }, [
    textEl('name', timeline.name),
    textEl('duration', timeline.duration),
    rateEl(timeline.rate),
    timecodeEl(timeline.rate),
    el('media', {}, [
      el('video', {}, [
        el('format', {}, [
          el('samplecharacteristics', {}, [
            rateEl(timeline.rate),
            textEl('width', timeline.width),
            textEl('height', timeline.height),
            textEl('anamorphic', 'FALSE'),
            textEl('pixelaspectratio', 'square'),
            textEl('fielddominance', 'none'),
          ]),
        ]),
        track(timeline.video),
      ]),
      el('audio', {}, [
        el('format', {}, [
          el('samplecharacteristics', {}, [textEl('depth', 16), textEl('samplerate', AUDIO_SAMPLE_RATE)]),
        ]),
        track(timeline.audio),
      ]),
    ]),
    ...timeline.markers.map((marker) =>
      el('marker', {}, [
        textEl('name', marker.name),
        textEl('comment', marker.note),
        textEl('in', marker.frame),
        textEl('out', -1),
      ]),
    ),
  ]);
  return xmlDocument('xmeml', el('xmeml', { version: 4 }, [sequence]));
}
