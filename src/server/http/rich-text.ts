import sanitizeHtml from 'sanitize-html';

/** What rich text may hold: the editor's formatting and links, nothing active (no script, style, event). */
const richTextHtml: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
};

/** Rich text as it is stored: cleaned on the server, whatever the form sent. */
export const cleanRichText = (html: string) => sanitizeHtml(html, richTextHtml);
