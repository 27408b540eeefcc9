import { createBrowserRouter } from 'react-router';
import { routes } from './routes';
import { screensWithWholeStylesheet } from './wholeStylesheet';

export const router = createBrowserRouter(screensWithWholeStylesheet(routes));
