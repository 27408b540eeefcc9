/** The ComfyUI versions whose protocol the dev worker can imitate (both are recorded in the fixtures). */
export type ProtocolVersion = '0.8.0' | '0.3.18';

/** Where the recorded versions answer differently. */
export interface ProtocolProfile {
  version: ProtocolVersion;
  /** 0.8.0 uses a client-chosen `prompt_id`; 0.3.18 ignores it. */
  honoursPromptId: boolean;
  /** 0.8.0 adds `create_time` to a prompt's extra data. */
  createTime: boolean;
  /** 0.8.0 sends `progress_state` messages. */
  progressState: boolean;
  /** 0.8.0 interrupts only the prompt named by `/interrupt {prompt_id}`; 0.3.18 whatever runs. */
  targetedInterrupt: boolean;
  /** 0.8.0 has `/features`, `/api/jobs` and answers the `feature_flags` WebSocket message. */
  newApi: boolean;
  /** 0.3.18 answers `node_errors: []` (a list) with prompt-level errors and `no prompt` as a string. */
  legacyPromptErrors: boolean;
}

/** The behaviour of one recorded ComfyUI version; 0.8.0 by default. */
export function protocolProfile(version: ProtocolVersion = '0.8.0'): ProtocolProfile {
  const modern = version === '0.8.0';
  return {
    version,
    honoursPromptId: modern,
    createTime: modern,
    progressState: modern,
    targetedInterrupt: modern,
    newApi: modern,
    legacyPromptErrors: !modern,
  };
}
