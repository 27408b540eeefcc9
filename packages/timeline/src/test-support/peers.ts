import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * The real readers of the exported timelines, from the peers folder beside the repository
 * (`../shared/peers`, or `CINEGRAPH_PEERS`): OpenTimelineIO 0.18.1 with its FCP 7 XML, FCPXML and
 * CMX 3600 adapters, run with Debian's python3, and Apple's FCPXML DTDs for xmllint.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const PEERS = process.env.CINEGRAPH_PEERS ?? path.resolve(REPO_ROOT, '../shared/peers');
const OTIO = path.join(PEERS, 'otio');
const DTDS = path.join(PEERS, 'fcpxml-dtd');
const PYTHON = '/usr/bin/python3';

/** Why the real readers cannot run here, or null when they can: tests skip with this reason in their name. */
export const peersMissing: string | null = (() => {
  if (!fs.existsSync(path.join(OTIO, 'read-timeline.py'))) return `no OpenTimelineIO peer at ${OTIO}`;
  if (!fs.existsSync(path.join(DTDS, 'FCPXMLv1_8.dtd'))) return `no FCPXML DTDs at ${DTDS}`;
  if (!fs.existsSync(PYTHON)) return `no Debian python3 at ${PYTHON}`;
  if (spawnSync('xmllint', ['--version']).status !== 0) return 'no xmllint';
  return null;
})();

/** One clip as the adapter read it: frames at the rate it read the timeline at. */
export interface PeerClip {
  name: string;
  start: number;
  duration: number;
  media: string | null;
}

export interface PeerReading {
  adapter: string;
  rate: number;
  duration: number;
  tracks: { kind: string; clips: PeerClip[] }[];
}

/**
 * The peer's shared libraries are versioned links; a copy that flattened them into small text files
 * naming their target cannot load. Links named as the loader asks, in a folder of our own put first on
 * LD_LIBRARY_PATH (which comes before the libraries' RUNPATH), make the peer load as it is.
 */
let libraryLinks: string | undefined;
function peerLibraryPath(): string {
  if (libraryLinks) return libraryLinks;
  const libs = path.join(OTIO, 'python/opentimelineio');
  libraryLinks = fs.mkdtempSync(path.join(os.tmpdir(), 'otio-libs-'));
  for (const name of fs.readdirSync(libs).filter((n) => /^lib.*\.so/.test(n))) {
    const file = path.join(libs, name);
    const target = fs.lstatSync(file).size < 256 ? fs.readFileSync(file, 'utf8').trim() : name;
    if (/^[\w.+-]+$/.test(target) && fs.existsSync(path.join(libs, target))) {
      fs.symlinkSync(path.join(libs, target), path.join(libraryLinks, name));
    }
  }
  return libraryLinks;
}

/**
 * Reads one timeline file with OpenTimelineIO's own adapter (by extension; the EDL at `rate`) through
 * the peer's read-timeline.py; throws with the adapter's error when it cannot read the file.
 */
export function readWithOtio(file: string, rate: string): PeerReading {
  const env = {
    ...process.env,
    PYTHONPATH: `${OTIO}/python:${OTIO}/adapters`,
    OTIO_PLUGIN_MANIFEST_PATH: ['otio_fcp_adapter', 'otio_fcpx_xml_adapter', 'otio_cmx3600_adapter']
      .map((adapter) => `${OTIO}/adapters/${adapter}/plugin_manifest.json`)
      .join(':'),
    LD_LIBRARY_PATH: peerLibraryPath(),
  };
  const run = spawnSync(PYTHON, [path.join(OTIO, 'read-timeline.py'), file, '--rate', rate], {
    env,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`OpenTimelineIO could not read ${file}: ${run.stdout}${run.stderr}`);
  return JSON.parse(run.stdout) as PeerReading;
}

/** Validates an FCPXML file against Apple's DTD of the version it declares; throws xmllint's message. */
export function validateFcpxml(file: string): void {
  const version = fs.readFileSync(file, 'utf8').match(/<fcpxml version="(\d+)\.(\d+)"/);
  if (!version) throw new Error(`${file} declares no FCPXML version`);
  const dtd = path.join(DTDS, `FCPXMLv${version[1]}_${version[2]}.dtd`);
  execFileSync('xmllint', ['--noout', '--dtdvalid', dtd, file], { stdio: 'pipe' });
}
