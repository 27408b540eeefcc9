import { InputsDemo } from '../demos/InputsDemo';
import { Lesson, PageLink, Points, TutorialArticle } from '../TutorialArticle';

export function InputsPage() {
  return (
    <TutorialArticle slug="inputs">
      <p>
        An input is a value a workflow needs that changes from shot to shot: a camera angle, a location, a
        character&apos;s look. You define each input once, as an input node in the node editor, and fill it
        per entity in the storyboard.
      </p>
      <Lesson title="Defined in the editor, filled per entity">
        <Points
          items={[
            'A scene input node adds a field to every scene; each scene gives it its own value.',
            'A shot input node adds a field to every shot.',
            'A character input node adds a field to every character; it applies to the shots that name the character.',
            'A movie input node has a single value for the whole movie.',
          ]}
        />
      </Lesson>
      <Lesson title="An example: the camera angle">
        <p>
          Each shot has a Camera Angle and a Description. An Add Text node prepends the angle to the
          description, and the result is the prompt of the workflow. Switch shots, edit their inputs, and
          watch the final prompt. The input nodes are locked in this demo.
        </p>
        <InputsDemo />
      </Lesson>
      <p>
        Next: <PageLink slug="generations">Generations</PageLink>.
      </p>
    </TutorialArticle>
  );
}
