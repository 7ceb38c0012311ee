from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RateCardView")



@_attrs_define
class RateCardView:
    """ 
        Attributes:
            customer_rate (str): Destination units per source unit: the mid-market rate less the
                markup, 8 decimals (a string: no float).
            dest_currency (str):
            fee_bps (int): The fee, in basis points of the source amount, plus `fee_fixed_source_minor`.
            fee_fixed_source_minor (int):
            id (str): `rc_<source><dest>_<window>_<digest>`.
            key_id (str): The platform key that signed it (`GET /keys`).
            livemode (bool):
            markup_bps (int):
            max_source_minor (int):
            mid_rate (str):
            min_source_minor (int):
            object_ (str): Always `rate_card`.
            policy_id (str):
            signature (str): ed25519 over the UTF-8 bytes of `signed_string`, base64.
            signed_string (str): What was signed: `DD-RATE-
                CARD|id|source|dest|customer_rate|valid_from|valid_until|policy_id`.
            source_currency (str):
            valid_from (str):
            valid_until (str): At most 4 hours after valid_from.
     """

    customer_rate: str
    dest_currency: str
    fee_bps: int
    fee_fixed_source_minor: int
    id: str
    key_id: str
    livemode: bool
    markup_bps: int
    max_source_minor: int
    mid_rate: str
    min_source_minor: int
    object_: str
    policy_id: str
    signature: str
    signed_string: str
    source_currency: str
    valid_from: str
    valid_until: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        customer_rate = self.customer_rate

        dest_currency = self.dest_currency

        fee_bps = self.fee_bps

        fee_fixed_source_minor = self.fee_fixed_source_minor

        id = self.id

        key_id = self.key_id

        livemode = self.livemode

        markup_bps = self.markup_bps

        max_source_minor = self.max_source_minor

        mid_rate = self.mid_rate

        min_source_minor = self.min_source_minor

        object_ = self.object_

        policy_id = self.policy_id

        signature = self.signature

        signed_string = self.signed_string

        source_currency = self.source_currency

        valid_from = self.valid_from

        valid_until = self.valid_until


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "customer_rate": customer_rate,
            "dest_currency": dest_currency,
            "fee_bps": fee_bps,
            "fee_fixed_source_minor": fee_fixed_source_minor,
            "id": id,
            "key_id": key_id,
            "livemode": livemode,
            "markup_bps": markup_bps,
            "max_source_minor": max_source_minor,
            "mid_rate": mid_rate,
            "min_source_minor": min_source_minor,
            "object": object_,
            "policy_id": policy_id,
            "signature": signature,
            "signed_string": signed_string,
            "source_currency": source_currency,
            "valid_from": valid_from,
            "valid_until": valid_until,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        customer_rate = d.pop("customer_rate")

        dest_currency = d.pop("dest_currency")

        fee_bps = d.pop("fee_bps")

        fee_fixed_source_minor = d.pop("fee_fixed_source_minor")

        id = d.pop("id")

        key_id = d.pop("key_id")

        livemode = d.pop("livemode")

        markup_bps = d.pop("markup_bps")

        max_source_minor = d.pop("max_source_minor")

        mid_rate = d.pop("mid_rate")

        min_source_minor = d.pop("min_source_minor")

        object_ = d.pop("object")

        policy_id = d.pop("policy_id")

        signature = d.pop("signature")

        signed_string = d.pop("signed_string")

        source_currency = d.pop("source_currency")

        valid_from = d.pop("valid_from")

        valid_until = d.pop("valid_until")

        rate_card_view = cls(
            customer_rate=customer_rate,
            dest_currency=dest_currency,
            fee_bps=fee_bps,
            fee_fixed_source_minor=fee_fixed_source_minor,
            id=id,
            key_id=key_id,
            livemode=livemode,
            markup_bps=markup_bps,
            max_source_minor=max_source_minor,
            mid_rate=mid_rate,
            min_source_minor=min_source_minor,
            object_=object_,
            policy_id=policy_id,
            signature=signature,
            signed_string=signed_string,
            source_currency=source_currency,
            valid_from=valid_from,
            valid_until=valid_until,
        )


        rate_card_view.additional_properties = d
        return rate_card_view

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
