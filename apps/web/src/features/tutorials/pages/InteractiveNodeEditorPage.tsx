import { NodeEditorDemo } from '../demos/NodeEditorDemo';
import { PageLink, Points, TutorialArticle } from '../TutorialArticle';

export function InteractiveNodeEditorPage() {
  return (
    <TutorialArticle slug="node-editor-interactive">
      <p>
        These are the studio&apos;s own nodes, running in your browser: nothing is saved. Pick examples by
        category to add them, then drag from an output (right) to an input (left).
      </p>
      <Points
        items={[
          'Connect Shot action to Add Text’s second text, then Add Text to Text to Image’s prompt.',
          'The Movie style input is locked: it stays where it is and cannot be connected elsewhere.',
          'A workflow output connects only to a workflow handle: try Text to Image’s image into Add Text, then into Image to Video.',
          'An input node takes the type of the handle it connects to: wire the 720x480 Resolution into a text handle and watch it turn into text.',
          'An input node has one outgoing connection: connecting it again moves the connection.',
        ]}
      />
      <NodeEditorDemo />
      <p>
        Back to the <PageLink slug="node-editor">node editor tutorial</PageLink>.
      </p>
    </TutorialArticle>
  );
}
