import {
  endpoints,
  EXPORT_FRAME_RATES,
  EXPORT_RESOLUTIONS,
  type CutRender,
  type ExportFrameRate,
} from '@cinegraph/contracts';
import { useState } from 'react';
import useSWR from 'swr';
import { apiCall, ApiError, endpointUrl } from '../../lib/api';
import { Button } from '../../ui/Button';

const LIVE_EVERY_MS = 1000;
const SELECT =
  'rounded-lg border border-white/10 bg-neutral-950 px-2 py-1 text-sm text-neutral-100 outline-none focus:border-amber-400';

export interface RenderCutControlProps {
  movieId: string;
  sceneId?: string;
  workflowNodeId?: string;
}

const working = (render: CutRender | undefined) =>
  render?.status === 'pending' || render?.status === 'running';

/** Render cut: the cut as one MP4 made on the server, its progress live, then its download. */
export function RenderCutControl({ movieId, sceneId, workflowNodeId }: RenderCutControlProps) {
  const { data: render, mutate } = useSWR(
    endpointUrl(endpoints.cutRender, { params: { movieId } }),
    () => apiCall(endpoints.cutRender, { params: { movieId } }),
    { refreshInterval: (latest) => (working(latest) ? LIVE_EVERY_MS : 0) },
  );
  const [frameRate, setFrameRate] = useState<ExportFrameRate>('24');
  const [resolution, setResolution] = useState<(typeof EXPORT_RESOLUTIONS)[number]>('1920x1080');
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setError(null);
    try {
      const started = await apiCall(endpoints.renderCut, {
        params: { movieId },
        body: { frame_rate: frameRate, resolution, scene_id: sceneId, workflow_node_id: workflowNodeId },
      });
      await mutate(started, { revalidate: false });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The render could not be started.');
    }
  }

  if (render?.unavailable) {
    return (
      <span className="flex items-center gap-2" data-testid="render-cut">
        <Button size="sm" disabled>
          Render cut
        </Button>
        <span className="text-neutral-500">{render.unavailable}</span>
      </span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid="render-cut">
      <select
        aria-label="Render frame rate"
        className={SELECT}
        value={frameRate}
        onChange={(e) => setFrameRate(e.target.value as ExportFrameRate)}
      >
        {EXPORT_FRAME_RATES.map((rate) => (
          <option key={rate} value={rate}>
            {rate} fps
          </option>
        ))}
      </select>
      <select
        aria-label="Render resolution"
        className={SELECT}
        value={resolution}
        onChange={(e) => setResolution(e.target.value as typeof resolution)}
      >
        {EXPORT_RESOLUTIONS.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <Button size="sm" onClick={() => void start()} disabled={!render || working(render)}>
        Render cut
      </Button>
      {working(render) && (
        <span role="status" className="flex items-center gap-2">
          Rendering {Math.round((render?.progress ?? 0) * 100)}%
          <progress max={1} value={render?.progress ?? 0} className="h-1.5 w-24 accent-amber-400" />
        </span>
      )}
      {render?.status === 'success' && render.download_url && (
        <a href={render.download_url} download className="text-amber-300 underline-offset-2 hover:underline">
          Download MP4 ({render.resolution}, {render.frame_rate} fps)
        </a>
      )}
      {render?.status === 'failed' && <span className="text-red-400">Render failed: {render.error}</span>}
      {error && <span className="text-red-400">{error}</span>}
    </span>
  );
}
