import { StoryboardDemo } from '../demos/StoryboardDemo';
import { Callout, Lesson, PageLink, Points, TutorialArticle } from '../TutorialArticle';

export function StoryboardTutorialPage() {
  return (
    <TutorialArticle slug="storyboard">
      <p>
        The storyboard is where you write the movie: a grid of scenes, a grid of shots per scene, and the
        characters. Each shot has a description (what happens) and the inputs its workflows need.
      </p>
      <Lesson title="Try it">
        <Points
          items={[
            'Add a shot with the plus tile (up to 4 in this demo) and type its description in the box.',
            'Select a shot to edit its inputs: a prompt, a resolution (512x512 to start), a reference image and a style (the cinematic LoRA at 0.7).',
            'Delete a shot with its delete button; the first remaining shot is selected.',
          ]}
        />
        <StoryboardDemo />
      </Lesson>
      <Lesson title="Inputs inherit">
        <p>
          Inputs flow down: a value set on the movie applies to every scene, a scene&apos;s to all its shots,
          and a shot sets its own. So write the style once on the movie and only what changes on each shot.
        </p>
        <Callout title="Characters apply themselves">
          <p>
            A character&apos;s inputs (its look, its LoRA) apply automatically to any shot whose description
            mentions the character&apos;s name. See <PageLink slug="inputs">What are Inputs?</PageLink>
          </p>
        </Callout>
      </Lesson>
    </TutorialArticle>
  );
}
