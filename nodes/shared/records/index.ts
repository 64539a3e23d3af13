/**
 * records/ — layer 0. The records the service returns as the nodes emit them: each kind's fields, its
 * id, its Simplified and Selected Fields shapes (kinds), and picking a record out of its answer
 * (unwrap). Imports nothing of nodes/shared; any folder or node may import it, through this file.
 */

export * from './kinds';
export * from './unwrap';
