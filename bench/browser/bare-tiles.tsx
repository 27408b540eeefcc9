import { createRoot } from 'react-dom/client';

/**
 * The screens benchmark's baseline: a bare React page (the studio's React version, production build)
 * that reads the same lists from the same API, with the same session, and draws the same tiles: a
 * scene's shots (picture, number, editable description) or a shot's takes grouped by workflow (picture,
 * number, use-as-input box). `?shots=<sceneId>` or `?takes=<shotId>&movie=<movieId>`.
 */
interface Shot {
  _id: string;
  description: string;
  display_image: string | null;
}
interface Take {
  _id: string;
  workflow_node_id: string;
  display_image: string | null;
  use_as_input: boolean;
}
interface Workflow {
  id: string;
  name: string;
}

const grid = { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 16 } as const;
const picture = { display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' } as const;

function ShotTiles({ shots }: { shots: Shot[] }) {
  return (
    <div role="listbox" style={grid}>
      {shots.map((shot, position) => (
        <div key={shot._id} data-tile-id={shot._id} role="option" aria-selected={false}>
          {shot.display_image && <img src={shot.display_image} alt="" style={picture} />}
          <span>{position + 1}</span>
          <textarea rows={2} defaultValue={shot.description} aria-label={`shot ${position + 1} title`} />
        </div>
      ))}
    </div>
  );
}

function TakeTiles({ takes, workflows }: { takes: Take[]; workflows: Workflow[] }) {
  return (
    <>
      {workflows.map((workflow) => (
        <section key={workflow.id}>
          <h2>{workflow.name}</h2>
          <div role="listbox" style={grid}>
            {takes
              .filter((take) => take.workflow_node_id === workflow.id)
              .map((take, position) => (
                <div key={take._id} data-generation-id={take._id} role="option" aria-selected={false}>
                  {take.display_image && <img src={take.display_image} alt="" style={picture} />}
                  <span>{position + 1}</span>
                  <label>
                    <input type="checkbox" defaultChecked={take.use_as_input} /> Use as input
                  </label>
                </div>
              ))}
          </div>
        </section>
      ))}
    </>
  );
}

const get = <T,>(path: string): Promise<T> =>
  fetch(`/api/v1${path}`).then((response) => response.json() as Promise<T>);
const query = new URLSearchParams(location.search);
const root = createRoot(document.getElementById('root')!);
const sceneId = query.get('shots');
if (sceneId) {
  root.render(<ShotTiles shots={await get<Shot[]>(`/shots/scene/${sceneId}`)} />);
} else {
  const [takes, workflows] = await Promise.all([
    get<Take[]>(`/generations/shot/${query.get('takes')}?show_hidden=true`),
    get<Workflow[]>(`/movies/workflow_nodes/${query.get('movie')}`),
  ]);
  root.render(<TakeTiles takes={takes} workflows={workflows} />);
}
