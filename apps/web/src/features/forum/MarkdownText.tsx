import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/**
 * A post's or comment's text as Markdown. Raw HTML in the text is never rendered (react-markdown leaves
 * it out without rehype-raw), and the tree is sanitised as well, so links cannot run script.
 */
export function MarkdownText({ text }: { text: string }) {
  return (
    <div className="forum-markdown space-y-3 text-[15px] leading-relaxed break-words text-neutral-200 [&_a]:text-amber-300 [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:border-white/20 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-white/10 [&_code]:px-1 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-black/40 [&_pre]:p-3 [&_ul]:list-disc">
      <Markdown
        rehypePlugins={[rehypeSanitize]}
        components={{
          a: ({ node: _node, ...props }) => (
            <a {...props} target="_blank" rel="noopener noreferrer nofollow" />
          ),
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
