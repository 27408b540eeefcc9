import { Lesson, PageLink, Points, TutorialArticle } from '../TutorialArticle';

export function TroubleshootingPage() {
  return (
    <TutorialArticle slug="troubleshooting">
      <Lesson title="My connections were not saved">
        <Points
          items={[
            'Press Save (Ctrl/Cmd + S) in the node editor: it writes every pending change.',
            'Refresh the page to see what the studio has stored.',
            'If a connection is still missing, delete it and connect the two handles again.',
          ]}
        />
      </Lesson>
      <Lesson title="Two handles will not connect (type mismatch)">
        <p>
          A handle takes only values of its own type, shown by its colour: text into text, image into image. A
          grey handle takes any type, and an input node takes the type of the handle you connect it to. Try
          the rules in the <PageLink slug="node-editor-interactive">interactive node editor</PageLink>.
        </p>
      </Lesson>
      <Lesson title="Generate does not appear (missing inputs)">
        <p>
          A workflow node shows Generate only when every input except LoRAs is connected. In the storyboard, a
          shot whose inputs are empty cannot be selected for generation: fill the scene, shot or character
          input the workflow needs.
        </p>
      </Lesson>
      <Lesson title="A generation failed">
        <Points
          items={[
            'Open the take: the panel shows the error the worker gave.',
            'Check that the workflow runs in the embedded ComfyUI editor with the same inputs.',
            'If no worker is reachable, the studio says so: try again later or add your own worker.',
          ]}
        />
      </Lesson>
      <Lesson title="The result is not what I expected">
        <p>
          The take&apos;s Workflow Inputs list shows exactly what was sent. Check which level each value came
          from: a scene input applies to every shot of the scene, a character input to every shot naming it.
          Refine the prompt, or put a <PageLink slug="cinegraph-prompt">Cinegraph Prompt</PageLink> node in
          front of the workflow.
        </p>
      </Lesson>
    </TutorialArticle>
  );
}
