import { Callout, Lesson, PageLink, Points, TutorialArticle } from '../TutorialArticle';

export function CutTutorialPage() {
  return (
    <TutorialArticle slug="cut">
      <Lesson title="Every shot has a duration">
        <p>
          A shot lasts as long as its take: a video its own length, a still the movie&apos;s still duration (3
          seconds unless the export dialog changed it). Type seconds into Duration on the shot panel to set it
          yourself (from 0.5 to 600), or empty the field to go back to the take&apos;s length. The Scenes
          screen shows the movie&apos;s length and a scene&apos;s Shots screen the scene&apos;s, and they
          follow what you type. The shot list and the printable storyboard show each shot&apos;s duration, and
          the exported timeline holds stills and slates for it.
        </p>
      </Lesson>
      <Lesson title="Play the movie">
        <p>
          Play movie (on the Scenes screen) or Play scene (on a scene&apos;s shots) opens the cut: the chosen
          take of every shot in order, the same take the export chooses: the one marked Use as input, else the
          newest that succeeded. Takes from narrows it to one workflow&apos;s takes, as in the export dialog.
        </p>
        <Points
          items={[
            'Videos play their length, stills hold for the shot’s duration, and a sound take plays under the picture.',
            'A shot without a take yet shows a slate with its scene and shot number, description and dialogue, so the pacing shows before anything is generated.',
            'The shot’s dialogue shows as a subtitle.',
            'The strip under the picture has one thumbnail per shot, as wide as its duration. Press or drag on it to move the play head; drag a thumbnail’s right edge to change that shot’s duration (it is saved when you let go).',
            'Space plays and pauses, Left and Right go to the previous and next shot, Home and End to the start and end, Esc closes. On a phone the player fills the screen.',
          ]}
        />
      </Lesson>
      <Lesson title="Render the cut to an MP4">
        <p>
          Render cut, beside Play, makes the cut into one MP4 file (H.264 video, AAC sound) at the frame rate
          and resolution you choose, on the server, while you keep working; its progress shows beside the
          button and Download MP4 appears when it is done. The file stays until your next render of the movie
          replaces it. Every member of a movie has their own render. A render cut off by a server restart
          starts again by itself. The server needs ffmpeg for this: without it the button is disabled and says
          so.
        </p>
      </Lesson>
      <Lesson title="What a batch will cost">
        <p>
          The Generate dialog of a workflow node (see <PageLink slug="generations">Generations</PageLink>)
          shows, before you start: how many jobs, the expected GPU time (the median GPU seconds of this
          workflow&apos;s finished takes, per kind of worker, or &quot;no history yet&quot;), the expected
          wait from the jobs queued ahead and the free workers, and the GPU hours and storage you have left
          this month. A batch expected to use more than 10% of your remaining GPU time asks before it starts.
        </p>
        <Callout title="For scripts">
          The same figures come from POST
          /api/v1/generations/estimate/workflow_node_id/&#123;nodeId&#125;/movie_id/&#123;movieId&#125; with
          the body you would send to generate.
        </Callout>
      </Lesson>
    </TutorialArticle>
  );
}
