/** A workflow file that is not a readable ComfyUI workflow; the message names what is wrong. */
export class WorkflowFormatError extends Error {
  override readonly name = 'WorkflowFormatError';
}

/** A workflow without any output node: Cinegraph cannot know what a run produces. */
export class MissingOutputError extends WorkflowFormatError {
  constructor() {
    super(
      'The workflow has no output node: add a CinegraphOutput node (or a ComfyUI saving node such as SaveImage or SaveVideo)',
    );
  }
}

/** Node classes the ComfyUI server does not know (a custom node pack is missing there). */
export class UnknownNodeClassError extends Error {
  override readonly name = 'UnknownNodeClassError';
  constructor(readonly classNames: readonly string[]) {
    super(`Unknown node class${classNames.length === 1 ? '' : 'es'}: ${classNames.join(', ')}`);
  }
}

/** A value to fill that does not match the prompt (unknown node id or input). */
export class FillPromptError extends Error {
  override readonly name = 'FillPromptError';
}
