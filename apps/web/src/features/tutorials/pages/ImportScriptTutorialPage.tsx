import { Callout, Lesson, PageLink, Points, TutorialArticle } from '../TutorialArticle';

const SAMPLE = `Title: The Night Shift

INT. HOTEL LOBBY - NIGHT

Alex watches the revolving door.

ALEX
(quietly)
We're closed.

SAM (O.S.)
Not for me.`;

export function ImportScriptTutorialPage() {
  return (
    <TutorialArticle slug="import-script">
      <Lesson title="From a screenplay to a storyboard">
        <p>
          On a movie&apos;s Scenes screen, Import Script reads a Fountain file (.fountain, .spmd, .txt), a
          Final Draft file (.fdx) or Fountain text you paste. On My Movies, New Movie offers Import Script
          too: the new movie starts from the text-to-video or lip-sync template&apos;s graph (without its
          sample scenes), or blank. You always see the breakdown first; nothing is written until you press
          Apply.
        </p>
        <pre className="overflow-x-auto rounded-xl bg-neutral-900 p-4 font-mono text-xs text-neutral-300">
          {SAMPLE}
        </pre>
        <p>
          This gives one scene, INT. HOTEL LOBBY - NIGHT (interior, location HOTEL LOBBY, time of day NIGHT),
          with two shots: Alex watches the revolving door, holding Alex&apos;s line as its Dialogue, and
          &quot;Sam: Not for me.&quot;. The title page names the movie when it is still untitled.
        </p>
      </Lesson>
      <Lesson title="The rules of the breakdown">
        <Points
          items={[
            'The same script always gives the same scenes and shots: fixed rules, no model.',
            'A scene heading (INT., EXT., EST., INT./EXT., I/E or a forced .HEADING) starts a scene; a synopsis (= line, or a Final Draft scene summary) becomes its description.',
            'An action paragraph is a shot, its text the description.',
            'A line of dialogue joins the action right before it when that action names the speaker; otherwise it is a shot of its own, described as "Name (parenthetical): line". Dual dialogue (^) joins the line before it.',
            "Transitions, centered text, sections, notes, boneyard and page breaks make no shots; emphasis marks are removed. A Final Draft Shot paragraph becomes the next shot's camera angle.",
          ]}
        />
      </Lesson>
      <Lesson title="Characters and dialogue">
        <p>
          STEEL, STEEL (V.O.) and STEEL (CONT&apos;D) are one character, Steel, listed with how many lines
          they speak. Every shot names its characters in its description, so each character&apos;s inputs (a
          reference image, a voice) reach the shots they are in, as{' '}
          <PageLink slug="storyboard">Storyboarding</PageLink> explains. A shot&apos;s spoken words are its
          Dialogue value, and a shot-level text input named Dialogue gets them too: the lip-sync
          template&apos;s speech input reads it.
        </p>
      </Lesson>
      <Lesson title="Importing an edited script again">
        <p>
          A new import merges into the movie instead of copying. Scenes are matched to the script by their
          headings, then shots of a matched scene by description and dialogue, in order: equal texts first,
          then, between two matches, an item whose words are at least half the same counts as the same item
          edited. A matched scene or shot keeps its id, inputs and takes, and only its text changes; new ones
          are added in script order.
        </p>
        <Callout title="Nothing generated is lost without you saying so">
          Scenes, shots and characters the script no longer holds are listed under No longer in the script,
          with the takes they hold. They stay in the movie unless you tick them.
        </Callout>
      </Lesson>
      <Lesson title="When a file is refused">
        <Points
          items={[
            'An empty file, a binary file (an image renamed .txt), a file over 5 MB or text without any scene heading is refused with a message saying why.',
            'An XML file that is not a Final Draft script is refused too; nothing is written.',
            'If the movie changed between the preview and Apply (someone else edited it), preview again.',
          ]}
        />
      </Lesson>
    </TutorialArticle>
  );
}
