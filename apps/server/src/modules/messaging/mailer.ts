import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail. The platform has one, over SMTP (a real server, or the development catcher). */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function smtpMailer(transport: string | { host: string; port: number }, from: string): Mailer {
  const transporter: Transporter =
    typeof transport === 'string'
      ? nodemailer.createTransport(transport)
      : // The catcher speaks plain SMTP on loopback (its STARTTLS is disabled: see mail-catcher.ts).
        nodemailer.createTransport({ host: transport.host, port: transport.port, secure: false, ignoreTLS: true });
  return {
    async send(mail) {
      // An empty html: a plain-text message (no empty HTML alternative).
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) });
    },
    close() {
      transporter.close();
    },
  };
}
