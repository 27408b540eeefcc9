import { Callout, Lesson, PageLink, Points, TutorialArticle } from '../TutorialArticle';

export function GettingStartedPage() {
  return (
    <TutorialArticle slug="getting-started">
      <p>
        Cinegraph is a studio for AI-assisted filmmaking, made for filmmakers and digital artists. You write a
        movie as scenes, shots and characters; node graphs wrap image, video and audio generators (workflows
        compatible with ComfyUI) and turn what you wrote into footage, shot by shot.
      </p>
      <Callout title="What Cinegraph is not">
        <p>
          It is <strong>not a script writer</strong>: it does not write your story for you. And it is{' '}
          <strong>not a full movie maker</strong>: it generates the footage of your shots, which you then edit
          and finish in your editing software.
        </p>
      </Callout>
      <Lesson title="How a movie is organised">
        <Points
          items={[
            <>
              <strong>Movie</strong>: the whole project, with its node graph and its inputs.
            </>,
            <>
              <strong>Scenes</strong>: the parts of the movie, in order.
            </>,
            <>
              <strong>Shots</strong>: the parts of a scene; each has a description of what happens.
            </>,
            <>
              <strong>Generations</strong>: the takes a workflow produced for a shot.
            </>,
            <>
              <strong>Characters</strong> belong to the movie; their inputs apply to every shot that names
              them.
            </>,
          ]}
        />
      </Lesson>
      <Callout title="Write by day, generate by night">
        <p>
          Write and refine your scenes, shots and inputs during the day, then start the generations in the
          evening: GPUs work through the queue while you sleep, and the takes are waiting in the morning.
        </p>
      </Callout>
      <Lesson title="Your first movie">
        <Points
          items={[
            'Sign in with your email address: a magic link is sent, no password needed.',
            'Open My Movies and press New Movie: it starts from the text-to-video example, ready to generate.',
            'A movie opens in the node editor. Its Scenes and Characters links lead to the storyboard.',
          ]}
        />
        <p>
          Next, <PageLink slug="basic-process">the basic process</PageLink> walks through a whole project.
        </p>
      </Lesson>
    </TutorialArticle>
  );
}
