import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from "@react-email/components";
import { render } from "@react-email/render";
import type { OrderMessageKinds } from "~/terms/message-states";
import { formatKsh } from "~/terms/money";
import type { Language } from "~/utils/language";
import {
  deliveryFeeText,
  type EmailContent,
  emailContent,
  emailLanguage,
  type OrderFacts,
  RECEIPT_WORDS,
} from "./message-texts";

/** How the shop signs its emails: what a customer needs to reach it. */
export type ShopContact = {
  name: string;
  location: string;
  phone: string;
  email: string;
  /** wa.me number, digits only. */
  whatsapp: string;
};

const INK = "#1c1917";
const MUTED = "#57534e";
const PAPER = "#fffaf3";
const INDIGO = "#1e1b4b";
const ACCENT = "#c2410c";
const HAIRLINE = "#e7e5e4";
const SAND = "#fef3c7";
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const text = { margin: "0 0 14px", fontSize: "15px", lineHeight: "24px", color: INK };
const small = { margin: "0", fontSize: "13px", lineHeight: "20px", color: MUTED };
const amount = { ...text, margin: "0", textAlign: "right" as const, whiteSpace: "nowrap" as const };
const label = {
  margin: "0 0 6px",
  fontSize: "12px",
  lineHeight: "16px",
  letterSpacing: "0.08em",
  textTransform: "uppercase" as const,
  color: MUTED,
  fontWeight: 600,
};

/** An amount never breaks between "KSh" and its figure. */
const nb = (words: string) => words.replace(/KSh /g, "KSh\u00a0");

/** The receipt: one row per item (size and quantity beneath its name), then fee and total. */
function Receipt({
  title,
  facts,
  language,
}: {
  title: string;
  facts: OrderFacts;
  language: Language;
}) {
  const w = RECEIPT_WORDS[language];
  const subtotal = facts.items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  return (
    <Section style={{ margin: "24px 0 20px" }}>
      <Text style={label}>{title}</Text>
      <Hr style={{ borderColor: HAIRLINE, margin: "0" }} />
      {facts.items.map((item, n) => (
        // Items are a fixed list: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes once rendered
        <Row key={n} style={{ borderBottom: `1px solid ${HAIRLINE}` }}>
          <Column style={{ padding: "12px 12px 12px 0", verticalAlign: "top" }}>
            <Text style={{ ...text, margin: "0", fontWeight: 600 }}>{item.name}</Text>
            <Text style={small}>
              {nb(
                [
                  item.size ? w.size(item.size) : "",
                  w.quantity(item.quantity),
                  w.each(item.price, item.wasPrice),
                ]
                  .filter(Boolean)
                  .join(" · "),
              )}
            </Text>
          </Column>
          <Column style={{ padding: "12px 0", verticalAlign: "top", width: "110px" }}>
            <Text style={amount}>{formatKsh(item.price * item.quantity)}</Text>
          </Column>
        </Row>
      ))}
      <Row>
        <Column style={{ padding: "12px 12px 4px 0" }}>
          <Text style={{ ...text, margin: "0", color: MUTED }}>{w.subtotal}</Text>
        </Column>
        <Column style={{ padding: "12px 0 4px", width: "110px" }}>
          <Text style={{ ...amount, color: MUTED }}>{formatKsh(subtotal)}</Text>
        </Column>
      </Row>
      {facts.discount ? (
        <Row>
          <Column style={{ padding: "4px 12px 4px 0" }}>
            <Text style={{ ...text, margin: "0", color: MUTED }}>
              {w.discount(facts.discount.code)}
            </Text>
          </Column>
          <Column style={{ padding: "4px 0", width: "110px" }}>
            <Text style={{ ...amount, color: MUTED }}>-{formatKsh(facts.discount.amount)}</Text>
          </Column>
        </Row>
      ) : null}
      <Row>
        <Column style={{ padding: "4px 12px 12px 0" }}>
          <Text style={{ ...text, margin: "0", color: MUTED }}>
            {w.deliveryFee(facts.delivery)}
          </Text>
        </Column>
        <Column style={{ padding: "4px 0 12px", width: "110px" }}>
          <Text style={{ ...amount, color: MUTED }}>
            {deliveryFeeText(facts.deliveryFee, language)}
          </Text>
        </Column>
      </Row>
      <Row style={{ borderTop: `2px solid ${INK}` }}>
        <Column style={{ padding: "12px 12px 0 0" }}>
          <Text style={{ ...text, margin: "0", fontSize: "17px", fontWeight: 700 }}>{w.total}</Text>
        </Column>
        <Column style={{ padding: "12px 0 0", width: "130px" }}>
          <Text style={{ ...amount, fontSize: "17px", fontWeight: 700 }}>
            {formatKsh(facts.total)}
          </Text>
        </Column>
      </Row>
    </Section>
  );
}

/** An order email: the shop's band, the content, the receipt when it has one, and the way back. */
export function OrderEmail({
  content,
  facts,
  shop,
  language,
}: {
  content: EmailContent;
  facts: OrderFacts;
  shop: ShopContact;
  language: Language;
}) {
  const w = RECEIPT_WORDS[language];
  return (
    <Html lang={language}>
      <Head>
        <title>{content.subject}</title>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{content.preview}</Preview>
      <Body
        style={{ margin: "0", padding: "24px 12px", backgroundColor: "#f5f0e8", fontFamily: FONT }}
      >
        <Container
          style={{
            maxWidth: "560px",
            backgroundColor: "#ffffff",
            borderRadius: "12px",
            overflow: "hidden",
            border: `1px solid ${HAIRLINE}`,
          }}
        >
          <Section style={{ backgroundColor: INDIGO, padding: "20px 28px" }}>
            <Text
              style={{
                margin: "0",
                color: PAPER,
                fontSize: "20px",
                lineHeight: "28px",
                fontWeight: 700,
                letterSpacing: "-0.01em",
              }}
            >
              {shop.name}
            </Text>
          </Section>
          <Section style={{ height: "4px", backgroundColor: ACCENT }} />
          <Section style={{ padding: "28px 28px 8px" }}>
            <Heading
              as="h1"
              style={{
                margin: "0 0 18px",
                fontSize: "24px",
                lineHeight: "30px",
                color: INK,
                letterSpacing: "-0.01em",
              }}
            >
              {content.heading}
            </Heading>
            {content.paragraphs.map((p) => (
              <Text key={p} style={text}>
                {nb(p)}
              </Text>
            ))}
            {content.note ? (
              <Section
                style={{
                  backgroundColor: SAND,
                  borderRadius: "8px",
                  padding: "12px 16px",
                  margin: "4px 0 18px",
                }}
              >
                <Text style={label}>{w.noteFrom(shop.name)}</Text>
                <Text style={{ ...text, margin: "0" }}>{content.note}</Text>
              </Section>
            ) : null}
            {content.receipt ? (
              <Receipt title={content.receipt} facts={facts} language={language} />
            ) : null}
            {content.delivery ? (
              <Section style={{ margin: "0 0 20px" }}>
                <Text style={label}>{w.delivery}</Text>
                <Text style={{ ...text, margin: "0" }}>{content.delivery.method}</Text>
                <Text style={{ ...text, margin: "0", color: MUTED }}>{content.delivery.to}</Text>
              </Section>
            ) : null}
            <Section style={{ margin: "8px 0 24px" }}>
              <Button
                href={content.action.href}
                style={{
                  backgroundColor: ACCENT,
                  color: "#ffffff",
                  borderRadius: "999px",
                  padding: "14px 26px",
                  fontSize: "15px",
                  fontWeight: 600,
                  textDecoration: "none",
                }}
              >
                {content.action.label}
              </Button>
              <Text style={{ ...small, margin: "14px 0 0" }}>
                {w.orOpen}{" "}
                <Link href={content.action.href} style={{ color: ACCENT, wordBreak: "break-all" }}>
                  {content.action.href}
                </Link>
              </Text>
            </Section>
          </Section>
          <Section
            style={{
              backgroundColor: PAPER,
              borderTop: `1px solid ${HAIRLINE}`,
              padding: "20px 28px",
            }}
          >
            <Text style={{ ...small, color: INK, fontWeight: 600 }}>{shop.name}</Text>
            <Text style={small}>{shop.location}</Text>
            <Text style={small}>
              <Link href={`tel:${shop.phone.replace(/[^\d+]/g, "")}`} style={{ color: MUTED }}>
                {shop.phone}
              </Link>
              {" · "}
              <Link href={`https://wa.me/${shop.whatsapp}`} style={{ color: MUTED }}>
                WhatsApp
              </Link>
              {" · "}
              <Link href={`mailto:${shop.email}`} style={{ color: MUTED }}>
                {shop.email}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The HTML part of an order email, as mail clients render alike (tables, inline styles), in the
 * email's language (the order's for the shopper, English for the owner: `emailLanguage`).
 */
export function orderEmailHtml(kind: OrderMessageKinds, facts: OrderFacts, shop: ShopContact) {
  return render(
    <OrderEmail
      content={emailContent(kind, facts)}
      facts={facts}
      shop={shop}
      language={emailLanguage(kind, facts)}
    />,
  );
}
