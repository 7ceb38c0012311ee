from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.brand import Brand
from ..models.three_d_secure import ThreeDSecure
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CardSummary")



@_attrs_define
class CardSummary:
    """ What is kept of a card: enough to show the payer which card paid, never
    enough to pay with it.

        Attributes:
            brand (Brand): The card network, from the number's leading digits.
            exp_month (int):
            exp_year (int):
            last4 (str): The last four digits.
            three_d_secure (None | ThreeDSecure | Unset):
     """

    brand: Brand
    exp_month: int
    exp_year: int
    last4: str
    three_d_secure: None | ThreeDSecure | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        brand = self.brand.value

        exp_month = self.exp_month

        exp_year = self.exp_year

        last4 = self.last4

        three_d_secure: None | str | Unset
        if isinstance(self.three_d_secure, Unset):
            three_d_secure = UNSET
        elif isinstance(self.three_d_secure, ThreeDSecure):
            three_d_secure = self.three_d_secure.value
        else:
            three_d_secure = self.three_d_secure


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "brand": brand,
            "exp_month": exp_month,
            "exp_year": exp_year,
            "last4": last4,
        })
        if three_d_secure is not UNSET:
            field_dict["three_d_secure"] = three_d_secure

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        brand = Brand(d.pop("brand"))




        exp_month = d.pop("exp_month")

        exp_year = d.pop("exp_year")

        last4 = d.pop("last4")

        def _parse_three_d_secure(data: object) -> None | ThreeDSecure | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                three_d_secure_type_0 = ThreeDSecure(data)



                return three_d_secure_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ThreeDSecure | Unset, data)

        three_d_secure = _parse_three_d_secure(d.pop("three_d_secure", UNSET))


        card_summary = cls(
            brand=brand,
            exp_month=exp_month,
            exp_year=exp_year,
            last4=last4,
            three_d_secure=three_d_secure,
        )


        card_summary.additional_properties = d
        return card_summary

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
