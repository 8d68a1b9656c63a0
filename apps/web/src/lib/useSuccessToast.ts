import { App, message as staticMessage } from 'antd';

/**
 * The success message after a submit that changed something (issue 20): antd's message, in
 * the text the caller translated (the app's themed one; the static one outside `<App>`).
 * Errors are shown by the API client; this is the other half.
 */
export function useSuccessToast(): (text: string) => void {
  const { message } = App.useApp();
  const api = typeof message.success === 'function' ? message : staticMessage;
  return (text) => void api.success({ content: text, className: 'success-toast' });
}
