const id = encodeURIComponent;

export const scenesPath = (movieId: string) => `/scenes/${id(movieId)}`;
export const shotsPath = (movieId: string, sceneId: string) => `/scenes/${id(movieId)}/shots/${id(sceneId)}`;
export const charactersPath = (movieId: string) => `/movies/${id(movieId)}/characters`;

/** A shot's generations, every workflow at once. */
export const generationsPath = (movieId: string, sceneId: string, shotId: string) =>
  `${shotsPath(movieId, sceneId)}/shots/${id(shotId)}/workflow/all_workflows`;
