// The only JavaScript of a document page (see ./document.tsx), inline under the page's CSP nonce
// and written by hand to stay small (the budget is 2 KB gzip per page, `npm run budget`). Every
// page works without it; it adds what the framework's components did:
// - a submit button with `data-pending="Signing In..."` says so and is disabled while the form
//   posts (and is itself again when the page comes back from the back/forward cache);
// - the mobile menu (`details[data-menu]`) closes on Escape (focus back on its toggle) and on a
//   click outside it;
// - buttons with `commandfor`/`command` (the browser opens and closes the dialog itself) also work
//   in browsers without invoker commands; Tab wraps inside an open dialog, and focus returns to
//   the button that opened it;
// - a text area with `data-counter="<id>"` keeps that element's "N of M characters left" true;
// - after a refused form, the cursor goes to the first field the server marked invalid.
import { DOCUMENT_PAGES } from '~/content/document-pages';

const behaviour = `(function(d){
var opener=null;
function q(s){return d.querySelector(s)}
d.addEventListener('submit',function(e){var b=e.submitter;if(b&&b.dataset.pending&&!e.defaultPrevented)setTimeout(function(){b.dataset.label=b.textContent;b.textContent=b.dataset.pending;b.disabled=true})});
addEventListener('pageshow',function(e){if(e.persisted)d.querySelectorAll('[data-label]').forEach(function(b){b.textContent=b.dataset.label;b.disabled=false})});
d.addEventListener('pointerdown',function(e){var m=q('details[data-menu][open]');if(m&&!m.contains(e.target))m.open=false});
d.addEventListener('keydown',function(e){
var m=q('details[data-menu][open]');
if(e.key==='Escape'&&m){m.open=false;m.querySelector('summary').focus()}
var g=e.target.closest&&e.target.closest('dialog[open]');
if(e.key!=='Tab'||!g)return;
var f=g.querySelectorAll('a[href],button'),a=f[0],z=f[f.length-1];
if(e.shiftKey&&d.activeElement===a){e.preventDefault();z.focus()}else if(!e.shiftKey&&d.activeElement===z){e.preventDefault();a.focus()}
});
d.addEventListener('click',function(e){
var b=e.target.closest&&e.target.closest('button[commandfor]');if(!b)return;
var g=d.getElementById(b.getAttribute('commandfor')),c=b.getAttribute('command');
if(c==='show-modal')opener=b;
if(!('command' in b)&&g)c==='close'?g.close():g.showModal();
});
d.addEventListener('close',function(){if(opener){opener.focus();opener=null}},true);
d.addEventListener('input',function(e){
var t=e.target,c=t.dataset&&t.dataset.counter&&d.getElementById(t.dataset.counter);
if(c){var m=t.maxLength,n=function(x){return x.toLocaleString('en-US')};c.textContent=n(m-t.value.length)+' of '+n(m)+' characters left'}
});
var i=q('form [aria-invalid="true"]');if(i)i.focus();
})(document)`;

/** The behaviour script, one line. */
export const DOCUMENT_SCRIPT = behaviour.replace(/\n/g, '');

/** Public pages a visitor may be shown before asking for them: GETs without side effects (every
 * document page but the password reset, whose address carries a one-time token). */
const PRERENDER = DOCUMENT_PAGES.filter((path) => path !== '/reset-password');

/**
 * Speculation Rules of document pages: the public pages above are prerendered when the pointer
 * rests on a link to them (moderate); any other link of this site is only prefetched, when it is
 * pressed (conservative), except those a GET should never be guessed at: signing out, the API,
 * checkout and billing (they start payments or change plans), exports, and links that ask not to.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [{ where: { href_matches: PRERENDER }, eagerness: 'moderate' }],
  prefetch: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          {
            not: {
              href_matches: [
                '/logout',
                '/api/*',
                '/checkout/*',
                '/billing',
                '/billing/*',
                '/account/export',
                '/unsubscribe/*',
              ],
            },
          },
          { not: { selector_matches: '[rel~=nofollow], [data-no-prefetch]' } },
        ],
      },
      eagerness: 'conservative',
    },
  ],
});
