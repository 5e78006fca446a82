import { Link } from "react-router";
import { useT } from "~/i18n";
import type { MyGift } from "~/models/gifts/gifts.server";
import { GuestCard } from "../guest-shell";
import { button } from "../styles";
import { GiveForm } from "./give-form";
import { MyGifts } from "./my-gifts";

/** Issue 40 on /my-rsvp: give to a fund (the same form as the gifts page) and see one's own gifts. */
export function GiftsCard({ gifts }: { gifts: { funds: { id: string; title: string }[]; gifts: MyGift[]; suggested: number[] } }) {
  const g = useT().gifts;
  return (
    <GuestCard id="gifts" title={g.title} description={g.intro}>
      <div className="space-y-6">
        {gifts.funds.length ? <GiveForm funds={gifts.funds} suggested={gifts.suggested} idPrefix="rsvp-give" /> : null}
        <MyGifts gifts={gifts.gifts} />
        <Link to="/my-rsvp/gifts" className={button.secondary}>
          {g.allGifts}
        </Link>
      </div>
    </GuestCard>
  );
}
