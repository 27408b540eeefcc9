import { describe, expect, it } from 'vitest';
import { writeFcp7Xml } from './fcp7-xml';
import { writeFcpxml } from './fcpxml';
import { writeOtio } from './otio';
import { sampleTimeline } from './test-support/sample-timeline';
import { count, xpath } from './test-support/xmllint';

/*
 * The structure these tests ask for is the one of the reference samples published with OpenTimelineIO's
 * adapters (Apache-2.0), read and described here rather than copied:
 * - otio-fcp-adapter tests/sample_data/premiere_example.xml (xmeml version 4, from Premiere Pro);
 * - otio-fcpx-xml-adapter tests/sample_data/fcpx_project.fcpxml (from Final Cut Pro);
 * - OpenTimelineIO tests/sample_data/screening_example.otio and premiere_example.otio.
 */
const timeline = sampleTimeline();

describe('FCP 7 XML has the structure of the Premiere sample of otio-fcp-adapter', () => {
  const xml = writeFcp7Xml(timeline);

  it('is one xmeml sequence with its duration, rate (timebase + ntsc) and name', () => {
    // Sample: <xmeml version="4"><sequence id=...><duration>636</duration><rate><timebase>30</timebase><ntsc>FALSE</ntsc></rate><name>
    expect(xpath(xml, '/xmeml/@version')).toBe('4');
    expect(count(xml, '/xmeml/sequence')).toBe(1);
    expect(xpath(xml, '/xmeml/sequence/duration')).toBe('422');
    expect(xpath(xml, '/xmeml/sequence/rate/timebase')).toBe('24');
    expect(xpath(xml, '/xmeml/sequence/rate/ntsc')).toBe('TRUE');
    expect(xpath(xml, '/xmeml/sequence/name')).toBe('Night Train');
  });

  it('describes the sequence format as media/video/format/samplecharacteristics with width and height', () => {
    const characteristics = '/xmeml/sequence/media/video/format/samplecharacteristics';
    expect(xpath(xml, `${characteristics}/width`)).toBe('1920');
    expect(xpath(xml, `${characteristics}/height`)).toBe('1080');
    expect(xpath(xml, `${characteristics}/rate/timebase`)).toBe('24');
  });

  it('puts clipitems in media/video/track with name, duration, rate, start, end, in, out and a file', () => {
    const clip = '/xmeml/sequence/media/video/track/clipitem';
    expect(count(xml, clip)).toBe(3);
    for (const child of ['name', 'duration', 'rate', 'start', 'end', 'in', 'out', 'file']) {
      expect(count(xml, `${clip}[not(${child})]`), child).toBe(0);
    }
    expect(xpath(xml, `${clip}[2]/start`)).toBe('100');
    expect(xpath(xml, `${clip}[2]/end`)).toBe('172');
  });

  it('gives every first file a pathurl (percent-encoded), its rate and its duration', () => {
    // Sample: <file id="file-1"><name/><pathurl>file://localhost/D%3a/media/...</pathurl><rate/><duration>100</duration>
    const files = '//clipitem/file[pathurl]';
    expect(count(xml, files)).toBe(5);
    expect(count(xml, `${files}[not(duration) or not(rate/timebase)]`)).toBe(0);
    expect(xpath(xml, '//clipitem[2]/file/pathurl')).toBe('media/1-2-Close%20up%20%26%20smile-take2.png');
  });

  it('puts sound on media/audio/track clipitems whose files describe audio', () => {
    expect(count(xml, '/xmeml/sequence/media/audio/track/clipitem')).toBe(2);
    expect(count(xml, '/xmeml/sequence/media/audio/track/clipitem/file/media/audio')).toBe(2);
  });

  it('keeps one marker per shot with its description as the comment', () => {
    expect(count(xml, '/xmeml/sequence/marker')).toBe(5);
    expect(xpath(xml, '/xmeml/sequence/marker[3]/comment')).toBe('Anna: "We leave at dawn."');
  });
});

describe('FCPXML has the structure of the Final Cut sample of otio-fcpx-xml-adapter', () => {
  const xml = writeFcpxml(timeline);

  it('declares the format with a frameDuration and size, and assets naming their media as src (1.8)', () => {
    // Sample (1.8): <format id="r1" frameDuration="100/3000s" width height/>, <asset id src duration format hasVideo>.
    // 1.9 moved an asset's path into <media-rep>, which the adapter does not read: 1.8 is written.
    expect(xpath(xml, '/fcpxml/@version')).toBe('1.8');
    expect(xpath(xml, "/fcpxml/resources/format[@id='r1']/@frameDuration")).toBe('1001/24000s');
    expect(count(xml, '/fcpxml/resources/asset')).toBe(5);
    expect(
      count(xml, '/fcpxml/resources/asset[not(@id) or not(@duration) or not(@start) or not(@src)]'),
    ).toBe(0);
    expect(count(xml, '//media-rep')).toBe(0);
  });

  it('holds the cut in project > sequence > spine, the sequence naming its format and duration', () => {
    // Sample: <project name><sequence duration format tcStart tcFormat="NDF"><spine>; 1.10 wraps project in library > event.
    const sequence = '/fcpxml/library/event/project/sequence';
    expect(xpath(xml, `${sequence}/@format`)).toBe('r1');
    expect(xpath(xml, `${sequence}/@duration`)).toBe('211211/12000s');
    expect(xpath(xml, `${sequence}/@tcFormat`)).toBe('NDF');
    expect(count(xml, `${sequence}/spine/*`)).toBe(4);
  });

  it('places asset-clips, stills as a clip holding a video, and gaps with ref, offset and duration', () => {
    // Sample: <asset-clip name offset ref duration start tcFormat>, <clip name offset duration><video ref .../></clip>
    // (a still as Final Cut writes it), <gap name="Gap" offset duration start>.
    const spine = '/fcpxml/library/event/project/sequence/spine';
    expect(count(xml, `${spine}/asset-clip[@ref][@offset][@duration]`)).toBe(2);
    expect(count(xml, `${spine}/video`)).toBe(0);
    expect(xpath(xml, `${spine}/clip/video/@ref`)).toBe('r3');
    expect(xpath(xml, `${spine}/clip/@offset`)).toBe('1001/240s');
    expect(count(xml, `${spine}/gap[@name='Gap']`)).toBe(1); // under the sound-only shot and the slate
  });

  it('connects sound below the storyline (lane -1) and marks each shot with a marker start, duration and value', () => {
    // Sample: connected audio on lane="-1"; <marker start duration="100/3000s" value="Marker 1"/>.
    expect(count(xml, "//spine/*/asset-clip[@lane='-1']")).toBe(2);
    expect(count(xml, '//spine/*/marker[@start][@duration][@value]')).toBe(5);
  });
});

describe('OTIO JSON has the structure of OpenTimelineIO sample files', () => {
  const document = JSON.parse(writeOtio(timeline));

  it('is a Timeline.1 whose tracks are a Stack.1 of Track.1 with kind Video and Audio', () => {
    expect(document.OTIO_SCHEMA).toBe('Timeline.1');
    expect(document.tracks.OTIO_SCHEMA).toBe('Stack.1');
    expect(
      document.tracks.children.map((t: { OTIO_SCHEMA: string; kind: string }) => [t.OTIO_SCHEMA, t.kind]),
    ).toEqual([
      ['Track.1', 'Video'],
      ['Track.1', 'Audio'],
    ]);
  });

  it('writes Clip.2 with media_references.DEFAULT_MEDIA as an ExternalReference.1 and RationalTime.1 ranges', () => {
    // Sample (screening_example.otio): Clip.2 with "media_references": {"DEFAULT_MEDIA": {...}} and
    // "active_media_reference_key": "DEFAULT_MEDIA"; source_range TimeRange.1 of RationalTime.1 {rate, value}.
    const clip = document.tracks.children[0].children[0];
    expect(clip.OTIO_SCHEMA).toBe('Clip.2');
    expect(clip.active_media_reference_key).toBe('DEFAULT_MEDIA');
    expect(clip.media_references.DEFAULT_MEDIA.OTIO_SCHEMA).toBe('ExternalReference.1');
    expect(clip.source_range.OTIO_SCHEMA).toBe('TimeRange.1');
    expect(clip.source_range.duration).toEqual({
      OTIO_SCHEMA: 'RationalTime.1',
      rate: 24000 / 1001,
      value: 100,
    });
    expect(clip.source_range.start_time.value).toBe(0);
  });

  it('fills the holes of a track up to the end with Gap.1 and keeps shot markers as Marker.2 on the stack', () => {
    const audio = document.tracks.children[1].children;
    expect(audio.map((item: { OTIO_SCHEMA: string }) => item.OTIO_SCHEMA)).toEqual([
      'Gap.1',
      'Clip.2',
      'Gap.1',
      'Clip.2',
      'Gap.1',
    ]);
    expect(document.tracks.markers).toHaveLength(5);
    expect(document.tracks.markers[0].OTIO_SCHEMA).toBe('Marker.2');
    expect(document.tracks.markers[3].marked_range.start_time.value).toBe(291);
  });
});
