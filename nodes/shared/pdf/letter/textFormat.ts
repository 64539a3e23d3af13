/** How a letter's text (and its cover page's message) is written: as it prints, or as Markdown. */
export type TextFormat = 'plain' | 'markdown';

export const TEXT_FORMATS: readonly TextFormat[] = ['plain', 'markdown'];
