from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.policy import Policy
from ..models.quote_transfer_currency import QuoteTransferCurrency
from ..models.quote_transfer_target_currency import QuoteTransferTargetCurrency
from ..models.rail_kind import RailKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.destination import Destination





T = TypeVar("T", bound="QuoteTransfer")



@_attrs_define
class QuoteTransfer:
    """ 
        Attributes:
            amount_minor (int):
            currency (QuoteTransferCurrency):
            destination (Destination | None | Unset):
            policy (None | Policy | Unset):
            source_method (None | RailKind | Unset):
            target_currency (QuoteTransferTargetCurrency | Unset): The recipient's currency; default `currency`. When it
                differs an FX
                quote is locked, and its id works as `quote_id`.
     """

    amount_minor: int
    currency: QuoteTransferCurrency
    destination: Destination | None | Unset = UNSET
    policy: None | Policy | Unset = UNSET
    source_method: None | RailKind | Unset = UNSET
    target_currency: QuoteTransferTargetCurrency | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.destination import Destination # noqa: PLC0415
        amount_minor = self.amount_minor

        currency = self.currency.value

        destination: dict[str, Any] | None | Unset
        if isinstance(self.destination, Unset):
            destination = UNSET
        elif isinstance(self.destination, Destination):
            destination = self.destination.to_dict()
        else:
            destination = self.destination

        policy: None | str | Unset
        if isinstance(self.policy, Unset):
            policy = UNSET
        elif isinstance(self.policy, Policy):
            policy = self.policy.value
        else:
            policy = self.policy

        source_method: None | str | Unset
        if isinstance(self.source_method, Unset):
            source_method = UNSET
        elif isinstance(self.source_method, RailKind):
            source_method = self.source_method.value
        else:
            source_method = self.source_method

        target_currency: str | Unset = UNSET
        if not isinstance(self.target_currency, Unset):
            target_currency = self.target_currency.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
        })
        if destination is not UNSET:
            field_dict["destination"] = destination
        if policy is not UNSET:
            field_dict["policy"] = policy
        if source_method is not UNSET:
            field_dict["source_method"] = source_method
        if target_currency is not UNSET:
            field_dict["target_currency"] = target_currency

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.destination import Destination # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = QuoteTransferCurrency(d.pop("currency"))




        def _parse_destination(data: object) -> Destination | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                destination_type_0 = Destination.from_dict(data)



                return destination_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Destination | None | Unset, data)

        destination = _parse_destination(d.pop("destination", UNSET))


        def _parse_policy(data: object) -> None | Policy | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                policy_type_0 = Policy(data)



                return policy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Policy | Unset, data)

        policy = _parse_policy(d.pop("policy", UNSET))


        def _parse_source_method(data: object) -> None | RailKind | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_method_type_0 = RailKind(data)



                return source_method_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RailKind | Unset, data)

        source_method = _parse_source_method(d.pop("source_method", UNSET))


        _target_currency = d.pop("target_currency", UNSET)
        target_currency: QuoteTransferTargetCurrency | Unset
        if isinstance(_target_currency,  Unset):
            target_currency = UNSET
        else:
            target_currency = QuoteTransferTargetCurrency(_target_currency)




        quote_transfer = cls(
            amount_minor=amount_minor,
            currency=currency,
            destination=destination,
            policy=policy,
            source_method=source_method,
            target_currency=target_currency,
        )

        return quote_transfer

