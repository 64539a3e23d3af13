/** The two standard PDF fonts the letter writer uses (nothing embedded). */
export type FontName = 'Helvetica' | 'Helvetica-Bold';
