import { formatPrice, PLANS } from './plans';

// The privacy policy and the terms of service, as data the /privacy and /terms pages render.
// They describe what this software does; when the code changes what it keeps, for how long, or whom
// it sends data to, change the matching sentence here. The operator's name, address and contact
// e-mail, and the configured durations, come in as `LegalFacts` (from the environment).

export type LegalFacts = {
  company: { name: string; address: string; email: string };
  /** How long a sign-in lasts (SESSION_TTL_DAYS). */
  sessionDays: number;
  /** Access kept past a paid period's end (SUBSCRIPTION_GRACE_DAYS). */
  graceDays: number;
  /** Raw AI answers kept (TRACKING_ANSWER_RETENTION_DAYS). */
  answerDays: number;
  /** Access log, sign-in attempts and ended sign-ins kept (ACCESS_LOG_RETENTION_DAYS). */
  logDays: number;
};

/** A run of text; a link is `{ to, label }` (a path on this site, or mailto:). */
export type Inline = string | { to: string; label: string };
export type Block = { p: Inline[] } | { list: Inline[][] };
export type LegalSection = { id: string; heading: string; blocks: Block[] };
export type LegalDocument = {
  title: string;
  updated: string;
  intro: Inline[];
  sections: LegalSection[];
};

/** The day these texts last changed in substance. */
export const LEGAL_UPDATED = '27 November 2026';

const accountLink = { to: '/account', label: 'Account settings' };
const pricingLink = { to: '/pricing', label: 'pricing page' };
const privacyLink = { to: '/privacy', label: 'Privacy Policy' };
const mail = (email: string) => ({ to: `mailto:${email}`, label: email });
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export function privacyPolicy(facts: LegalFacts): LegalDocument {
  const { company } = facts;
  return {
    title: 'Privacy Policy',
    updated: LEGAL_UPDATED,
    intro: [
      `This policy explains what personal data ${company.name} ("we") keeps when you use this website and its dashboard, why, for how long, who else receives it, and how you can download or delete it.`,
    ],
    sections: [
      {
        id: 'controller',
        heading: 'Who is responsible',
        blocks: [
          {
            p: [
              `${company.name}, ${company.address}, is responsible for your personal data on this website. Write to `,
              mail(company.email),
              ' with any question about it or to use any of your rights.',
            ],
          },
        ],
      },
      {
        id: 'data',
        heading: 'What we keep and why',
        blocks: [
          {
            list: [
              [
                'Your account: e-mail address, first and last name if you give them, a one-way hash of your password (never the password itself), your role, your plan and when it ends. We need these to sign you in and to give you what your plan includes.',
              ],
              [
                'Your businesses: name, description, website, industry and location as you enter them, and the results of the AI-readiness audits of their websites. For these audits our server visits the website address you entered, as a search engine would.',
              ],
              [
                'Your sign-ins: when you signed in and out, the IP address and the browser’s user-agent string. You see them under ',
                accountLink,
                ', so you can spot a sign-in that was not you; admins see them as login history.',
              ],
              [
                'Visibility tracking: the questions you track for each business and the competitors you name, and every answer the AI assistants gave to those questions (the text, the sources they cited, when, and what it cost us), so that we can show you how often they recommend you. The weekly digest e-mail is sent unless you turn it off.',
              ],
              [
                'Premium GPT checks: each time you open the premium GPT we record when, your plan and whether access was allowed, to count usage and spot misuse.',
              ],
              [
                'Sign-in and sign-up attempts: the e-mail address tried, the IP address and whether it worked, so we can slow down password guessing.',
              ],
              [
                'Payments: the payment provider’s customer and subscription identifiers for your account, and the plan they paid for. We never see or store your card number.',
              ],
              [
                'E-mail we send you (welcome, password reset, changes to your e-mail, password or plan): the recipient, subject and text, kept as an outbox so we can deliver it and show what was sent.',
              ],
              [
                'The contact form: your name, e-mail, company, phone, message, inquiry type and IP address, so that we can answer you and keep the form from being abused.',
              ],
              [
                'When an admin changes your plan, role or name, or when you delete your account, a record of who did what and when, with the e-mail addresses involved.',
              ],
            ],
          },
          {
            p: [
              'We use this data to provide the service you signed up for (our contract with you), to keep it secure and free of abuse (our legitimate interest), and to keep the records the law requires for payments. We do not sell it, and we do not use it for advertising.',
            ],
          },
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep it',
        blocks: [
          {
            list: [
              [
                `A sign-in lasts ${days(facts.sessionDays)} unless you sign out first. The record of each sign-in stays, for your own list of sessions and the admins’ login history, for ${days(facts.logDays)} after it ended (or until you delete your account, if sooner).`,
              ],
              [
                'Your account and password reset links stay as long as your account exists; your businesses, their audits and tracked questions until you delete them. Deleting the account removes all of them at once. A password reset link works for one hour.',
              ],
              [
                `The AI assistants’ answers to your tracked questions (their full text, sources and searches) are kept for ${days(facts.answerDays)}, then deleted automatically. The figures drawn from them (per day: how many answers named you, cited your site, which other businesses and sites they named) are kept as long as the business exists, so your trends reach back further than the answers do.`,
              ],
              [
                `A paid plan stays active until the end of the period you paid for, plus ${days(facts.graceDays)} so that a late renewal never locks you out.`,
              ],
              [
                `Premium GPT checks are kept for the admins’ usage figures for ${days(facts.logDays)}, then deleted automatically. When you delete your account sooner they are detached from it: what remains says only when, with which plan, and whether access was allowed.`,
              ],
              [
                `Sign-in and sign-up attempts are kept for ${days(facts.logDays)}, then deleted automatically, whether or not the account still exists.`,
              ],
              [
                'Copies of e-mail we sent, contact form messages, payments we could not match to an account and the record of admin changes and account deletions are not deleted automatically, and they stay after an account is deleted (the record of a deletion is what proves it happened). Write to us to have them removed where no law requires us to keep them.',
              ],
            ],
          },
        ],
      },
      {
        // The AI engines tracking asks are listed here: they receive the questions owners track
        // (which may name a trade and a town), never the business's name or the owner's details.
        id: 'processors',
        heading: 'Who else receives data',
        blocks: [
          {
            p: [
              'We share personal data only with the services that run parts of this website for us, and only what each needs:',
            ],
          },
          {
            list: [
              [
                'The payment provider (Stripe): when you buy a plan, your e-mail address and account reference go to Stripe’s checkout page, where you enter your card details directly with Stripe. Stripe tells us when a payment succeeds, renews, fails or is cancelled.',
              ],
              [
                'Our mail server: the e-mail provider that delivers our messages receives each message’s recipient, subject and text.',
              ],
              [
                'The AI assistants we ask for visibility tracking (OpenAI’s ChatGPT, Perplexity, Google’s Gemini and Anthropic’s Claude, as the operator turns each on): they receive each question you track, exactly as you wrote it, with the business’s town where their service takes a location. They receive nothing else about you or your business; the question is all they see.',
              ],
              [
                'The hosting provider that runs our servers and database stores all of the data above on our behalf.',
              ],
            ],
          },
          {
            p: [
              'The free and the premium AI visibility GPTs are ChatGPT tools from OpenAI. They open on OpenAI’s own site in a new tab; we send them nothing about you, and what you type there is governed by OpenAI’s own privacy policy. We may also disclose data when the law obliges us to.',
            ],
          },
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies',
        blocks: [
          {
            p: [
              'This website sets only the cookies it needs to work, and no cookies for analytics or advertising:',
            ],
          },
          {
            list: [
              [
                `__session: keeps you signed in, for up to ${days(facts.sessionDays)} or until you sign out. It holds a signed random token; the session itself lives in our database.`,
              ],
              [
                'toast: carries a one-time message (such as "Business added successfully!") to the next page, and is cleared when that page has shown it.',
              ],
              [
                'tz: your browser’s time zone (such as Europe/Berlin), for one year, so that we can show dates and times in your time zone. Until it is set, times are shown in UTC.',
              ],
            ],
          },
          { p: ['The website loads no scripts, fonts or images from other companies.'] },
        ],
      },
      {
        id: 'rights',
        heading: 'Your data, your choice',
        blocks: [
          {
            list: [
              [
                'Download your data: under ',
                accountLink,
                ', "Download my data" gives you your account, your businesses with their audits and your sign-ins as one JSON file.',
              ],
              [
                'Correct it: change your name, e-mail address and password under ',
                accountLink,
                ', and your businesses on the dashboard.',
              ],
              [
                'Delete it: under ',
                accountLink,
                ', "Delete account" removes your account and everything listed with it above, immediately. Cancel a running paid plan (Manage billing) first.',
              ],
              [
                'Everything else (access, restriction, objection, or a copy of data the download does not contain): write to ',
                mail(company.email),
                '. You may also complain to the data protection authority where you live.',
              ],
            ],
          },
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to this policy',
        blocks: [
          {
            p: [
              'When we change what we keep or whom we share it with, we update this page and its date first.',
            ],
          },
        ],
      },
    ],
  };
}

export function termsOfService(facts: LegalFacts): LegalDocument {
  const { company } = facts;
  const prices = PLANS.map((plan) => `${plan.name} ${formatPrice(plan.monthlyPrice)}`).join(', ');
  return {
    title: 'Terms of Service',
    updated: LEGAL_UPDATED,
    intro: [
      `These terms apply between you and ${company.name}, ${company.address}, when you use this website, its dashboard and its paid plans. By creating an account you accept them.`,
    ],
    sections: [
      {
        id: 'service',
        heading: 'The service',
        blocks: [
          {
            p: [
              'We help service businesses get recommended by AI assistants: a free AI visibility check, a dashboard where you keep your businesses and audit how ready their websites are for AI assistants, prompts and a premium GPT on paid plans, and, on the larger plans, work we do for you.',
            ],
          },
          {
            p: [
              'AI assistants decide for themselves what they recommend, and their answers change from one question to the next. We work to improve your visibility, but we cannot guarantee that any assistant will recommend your business, in any position or by any date.',
            ],
          },
        ],
      },
      {
        id: 'account',
        heading: 'Your account',
        blocks: [
          {
            list: [
              [
                'Give a real e-mail address you can receive mail at, and keep your password to yourself.',
              ],
              [
                'You are responsible for what is done with your account. If you think someone else used it, change your password: that signs out every other session.',
              ],
              [
                'Add only businesses you own or are allowed to represent, and only their own websites, which our audits visit.',
              ],
            ],
          },
        ],
      },
      {
        id: 'plans',
        heading: 'Plans and payment',
        blocks: [
          {
            list: [
              [
                `Paid plans are billed monthly in US dollars, in advance, by our payment provider: ${prices} per month, as shown on the `,
                pricingLink,
                '.',
              ],
              [
                'A plan renews every month until you cancel it. Upgrades take effect immediately; downgrades take effect at the next billing cycle.',
              ],
              [
                'You can cancel at any time under Manage billing on your dashboard. Your plan then stays active until the end of the month you paid for and does not renew; months already paid are not refunded unless the law says otherwise.',
              ],
              [
                'If a renewal payment fails, we ask you to update your card. Without a successful payment the plan ends with the period that was paid for.',
              ],
            ],
          },
        ],
      },
      {
        id: 'use',
        heading: 'Acceptable use',
        blocks: [
          {
            p: [
              'Do not use the service to break the law, to send us or others harmful content, to overload or probe our servers, or to get around the limits of your plan. We may suspend an account that does, and tell you why.',
            ],
          },
        ],
      },
      {
        id: 'third-parties',
        heading: 'Other services',
        blocks: [
          {
            p: [
              'The free and premium GPTs run on OpenAI’s ChatGPT, and payments on Stripe; their own terms apply to your use of them. The booking calendar for strategy calls is another company’s service too.',
            ],
          },
        ],
      },
      {
        id: 'liability',
        heading: 'Liability',
        blocks: [
          {
            p: [
              'We provide the service with care but without any warranty that it is uninterrupted or free of errors. As far as the law allows, our liability for any claim is limited to what you paid us in the twelve months before it arose; nothing in these terms limits liability that the law does not allow us to limit.',
            ],
          },
        ],
      },
      {
        id: 'ending',
        heading: 'Ending',
        blocks: [
          {
            p: [
              'You can delete your account at any time under ',
              accountLink,
              ' once no paid plan is running. What happens to your data then is described in our ',
              privacyLink,
              '.',
            ],
          },
        ],
      },
      {
        id: 'changes',
        heading: 'Changes and contact',
        blocks: [
          {
            p: [
              'We may change these terms; we will update this page and its date first, and changes to prices apply from your next billing month. Questions: ',
              mail(company.email),
              '.',
            ],
          },
        ],
      },
    ],
  };
}
