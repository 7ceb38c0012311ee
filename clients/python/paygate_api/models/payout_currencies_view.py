from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.payout_currency_option import PayoutCurrencyOption





T = TypeVar("T", bound="PayoutCurrenciesView")



@_attrs_define
class PayoutCurrenciesView:
    """ The currencies a recipient can be paid in now.

        Attributes:
            default_currency (str): What a route uses without `target_currency`.
            object_ (str): Always `payout_currencies`.
            local_currency (None | str | Unset): The recipient's local currency, when it has one.
            options (list[PayoutCurrencyOption] | None | Unset): `null` for a QR code, an agent or the sender's own wallet:
                they are
                paid in what the sender chooses (O§20).
     """

    default_currency: str
    object_: str
    local_currency: None | str | Unset = UNSET
    options: list[PayoutCurrencyOption] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_currency_option import PayoutCurrencyOption # noqa: PLC0415
        default_currency = self.default_currency

        object_ = self.object_

        local_currency: None | str | Unset
        if isinstance(self.local_currency, Unset):
            local_currency = UNSET
        else:
            local_currency = self.local_currency

        options: list[dict[str, Any]] | None | Unset
        if isinstance(self.options, Unset):
            options = UNSET
        elif isinstance(self.options, list):
            options = []
            for options_type_0_item_data in self.options:
                options_type_0_item = options_type_0_item_data.to_dict()
                options.append(options_type_0_item)


        else:
            options = self.options


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "default_currency": default_currency,
            "object": object_,
        })
        if local_currency is not UNSET:
            field_dict["local_currency"] = local_currency
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_currency_option import PayoutCurrencyOption # noqa: PLC0415
        d = dict(src_dict)
        default_currency = d.pop("default_currency")

        object_ = d.pop("object")

        def _parse_local_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        local_currency = _parse_local_currency(d.pop("local_currency", UNSET))


        def _parse_options(data: object) -> list[PayoutCurrencyOption] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                options_type_0 = []
                _options_type_0 = data
                for options_type_0_item_data in (_options_type_0):
                    options_type_0_item = PayoutCurrencyOption.from_dict(options_type_0_item_data)



                    options_type_0.append(options_type_0_item)

                return options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PayoutCurrencyOption] | None | Unset, data)

        options = _parse_options(d.pop("options", UNSET))


        payout_currencies_view = cls(
            default_currency=default_currency,
            object_=object_,
            local_currency=local_currency,
            options=options,
        )


        payout_currencies_view.additional_properties = d
        return payout_currencies_view

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
