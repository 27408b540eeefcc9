import { endpoint } from './endpoint';
import {
  DownloadGenerationsParams,
  DownloadGenerationsResponse,
  DownloadZipQuery,
  ExportMovieParams,
  ExportMovieQuery,
  FileResponse,
  ShotListQuery,
} from './exports';
import { GenerationIdParams } from './generations';

/** Takes out of the studio: the Download node's zip, one take, the movie as a timeline, shot list and storyboard. */
export const exportEndpoints = {
  downloadGenerations: endpoint({
    method: 'GET',
    path: '/utils/download_generations/:nodeId/movie/:movieId/download_downloaded/:downloadDownloaded',
    summary:
      'The address of a zip of the takes marked use-as-input of the workflow node connected to a Download ' +
      'node (all of them, or only those not downloaded before), with a manifest.json',
    auth: true,
    params: DownloadGenerationsParams,
    response: DownloadGenerationsResponse,
  }),
  downloadGenerationsZip: endpoint({
    method: 'GET',
    path: '/utils/download_generations/:nodeId/movie/:movieId/download_downloaded/:downloadDownloaded/zip',
    summary:
      'The zip itself (application/zip, streamed): files `{scene}-{shot}-{shot description}-{take}.{ext}` ' +
      'and manifest.json; its takes are marked downloaded once it is sent, when asked with the receipt ' +
      'of the address `download_generations` answered',
    auth: true,
    params: DownloadGenerationsParams,
    query: DownloadZipQuery,
    response: FileResponse,
  }),
  downloadGeneration: endpoint({
    method: 'GET',
    path: '/generations/:id/download',
    summary:
      "One take's file under its export name (a redirect to a short-lived link); like every GET it changes " +
      'nothing (the take is marked downloaded by `updateGeneration`)',
    auth: true,
    params: GenerationIdParams,
    response: FileResponse,
  }),
  exportMovie: endpoint({
    method: 'GET',
    path: '/export/movie/:movieId',
    summary:
      'The movie as a timeline for editing software (FCP 7 XML, FCPXML 1.8, OpenTimelineIO, CMX3600 EDL): ' +
      'a zip of the timeline file and media/ with the chosen picture and sound takes of every shot',
    auth: true,
    params: ExportMovieParams,
    query: ExportMovieQuery,
    response: FileResponse,
  }),
  exportMovieLink: endpoint({
    method: 'GET',
    path: '/export/movie/:movieId/link',
    summary:
      "The address of the movie's export zip for these choices and how many takes it holds, checked " +
      '(access, choices, takes to export) without preparing the timeline: the dialog hands the address ' +
      'to the browser, so the zip is prepared once',
    auth: true,
    params: ExportMovieParams,
    query: ExportMovieQuery,
    response: DownloadGenerationsResponse,
  }),
  exportShotList: endpoint({
    method: 'GET',
    path: '/export/movie/:movieId/shot_list',
    summary:
      'The shot list as CSV: scene, shot, description, dialogue, camera angle and the chosen picture and ' +
      'sound takes (of one workflow node with workflow_node_id)',
    auth: true,
    params: ExportMovieParams,
    query: ShotListQuery,
    response: FileResponse,
  }),
  exportStoryboard: endpoint({
    method: 'GET',
    path: '/export/movie/:movieId/storyboard',
    summary:
      'A printable storyboard (PDF): one row per shot with its takes, description, dialogue and camera angle',
    auth: true,
    params: ExportMovieParams,
    query: ShotListQuery,
    response: FileResponse,
  }),
};
