// The free AI-readiness check's copy (issue 44, item 1): the home page's form, its own page and
// the result page.

export const FREE_CHECK = {
  path: '/free-check',
  title: 'Free AI Visibility Check',
  lead: 'Type your website and see, in about twenty seconds, how ready it is for AI assistants such as ChatGPT and Gemini, and the three fixes that matter most. No account needed.',
  formTitle: 'Check your website',
  label: 'Your website',
  hint: 'For example: www.yourbusiness.com',
  button: 'Check my site',
  pending: 'Checking your site…',
  refusedTitle: 'We could not run the check',
  fetchNote:
    'We visit your home page, robots.txt, sitemap and llms.txt the way AI assistants do: at most 30 requests, the same as a check from your dashboard.',
  gptLead: 'Prefer to ask in ChatGPT?',
  gptLink: 'Open our AI Visibility GPT',
  resultTitle: (host: string) => `How ready ${host} is for AI assistants`,
  scoreLabel: 'AI-readiness score',
  noScore: 'No score',
  fixesTitle: 'The three fixes that matter most',
  noFixes: 'Nothing to fix: AI assistants can read everything we check.',
  fixesNote:
    'Your free account shows every check, the step-by-step instructions and the text to copy, and keeps your score week after week.',
  keepTitle: 'Keep this check and track your site',
  keepLead:
    'Create a free account: this check becomes your first score, and you can track one question you want AI assistants to answer with your business.',
  keepCta: 'Create a free account',
  keepSignedIn: (host: string) => `Add ${host} to my dashboard`,
  keepSignedInLead:
    'Add the site to your dashboard: this check becomes its first score, and you can track how AI assistants answer questions about it.',
  kept: (host: string) => `${host} is on your dashboard, with this check as its first score.`,
  again: 'Check another site',
} as const;
