/**
 * lists/ — layer 3. The account's lists as more than one node reads them: the pickers of fax numbers
 * and clients (pickers: the nodes' list search and load options) and the AI document list
 * (aiDocuments: Get Many and the polling trigger). May import transport/, records/ and credentials/;
 * the nodes import it, through this file.
 */

export * from './aiDocuments';
export * from './pickers';
