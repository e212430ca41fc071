import type { ReactNode } from 'react';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-700">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/**
 * `/register?redirectTo=%2Fcheckout%2Fdiy`: an auth page's address with the destination it keeps.
 * Forms post to it, so the page a failed submission re-renders (with or without JavaScript) still
 * knows where the visitor was going; the links between sign-up and sign-in pass it on.
 */
export function withRedirect(path: string, redirectTo: string | null): string {
  return redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path;
}
