import { z } from 'zod';
import { Description, DescriptionIdParams, DescriptionTextBody, DESCRIPTIONS_PRODUCT } from './descriptions';
import { endpoint } from './endpoint';
import { DeletedResponse, MovieIdParams } from './movies';

const base = `/${DESCRIPTIONS_PRODUCT}_descriptions`;

/** Character, location and concept descriptions of a movie (the prompt node's 'Edit Descriptions'). */
export const descriptionEndpoints = {
  listDescriptions: endpoint({
    method: 'GET',
    path: `${base}/movie/:movieId`,
    summary: "The movie's descriptions; missing ones are written from its characters, scenes and inputs",
    auth: true,
    params: MovieIdParams,
    response: z.array(Description),
  }),
  updateDescriptionText: endpoint({
    method: 'POST',
    path: `${base}/update-text/:id`,
    summary: "Replace a description's text",
    auth: true,
    params: DescriptionIdParams,
    body: DescriptionTextBody,
    response: Description,
  }),
  deleteDescription: endpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    summary: 'Delete a description (it is not written again)',
    auth: true,
    params: DescriptionIdParams,
    response: DeletedResponse,
  }),
};
