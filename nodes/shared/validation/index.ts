/**
 * validation/ — layer 0. One validator per kind of value a user types (numbers, ids, dates, e-mail,
 * URLs, files), each naming the field and the item. Imports nothing of nodes/shared; the nodes import
 * it, through this file.
 */

export * from './validation';
