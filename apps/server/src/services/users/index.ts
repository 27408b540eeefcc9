export { getUser, type UserRow } from './user';
