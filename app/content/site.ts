// The site's name, on its own: every page's footer shows it, and the footer is in every scripted
// page's JavaScript, which should not carry the public pages' titles and descriptions
// (./pages) with it.
export const SITE_NAME = 'AI Visibility';
