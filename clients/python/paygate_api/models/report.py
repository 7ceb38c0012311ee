from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.credit_band import CreditBand
from ..models.report_currency import ReportCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.credit_factor import CreditFactor





T = TypeVar("T", bound="Report")



@_attrs_define
class Report:
    """ The answer of `GET /credit_readiness/{code}`: a signal, no transaction.

        Attributes:
            band (CreditBand):
            cached_until (str): The same score is served until then.
            computed_at (str):
            consent_expires_at (str): When the consent code stops working.
            disclaimer (str): Always says it: a readiness signal, not a lending decision.
            factors (list[CreditFactor]): The eight factors with their points and the origin's maxima (their
                maxima sum to 1,100; the score is their sum capped at 1,000).
            object_ (str): Always `credit_readiness`.
            organisation_name (str): The organisation's name, as it registered it.
            score (int): 0 to 1,000.
            window_days (int):
            currency (ReportCurrency | Unset): The currency the flows were measured in (the one with most income).
     """

    band: CreditBand
    cached_until: str
    computed_at: str
    consent_expires_at: str
    disclaimer: str
    factors: list[CreditFactor]
    object_: str
    organisation_name: str
    score: int
    window_days: int
    currency: ReportCurrency | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.credit_factor import CreditFactor # noqa: PLC0415
        band = self.band.value

        cached_until = self.cached_until

        computed_at = self.computed_at

        consent_expires_at = self.consent_expires_at

        disclaimer = self.disclaimer

        factors = []
        for factors_item_data in self.factors:
            factors_item = factors_item_data.to_dict()
            factors.append(factors_item)



        object_ = self.object_

        organisation_name = self.organisation_name

        score = self.score

        window_days = self.window_days

        currency: str | Unset = UNSET
        if not isinstance(self.currency, Unset):
            currency = self.currency.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "band": band,
            "cached_until": cached_until,
            "computed_at": computed_at,
            "consent_expires_at": consent_expires_at,
            "disclaimer": disclaimer,
            "factors": factors,
            "object": object_,
            "organisation_name": organisation_name,
            "score": score,
            "window_days": window_days,
        })
        if currency is not UNSET:
            field_dict["currency"] = currency

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.credit_factor import CreditFactor # noqa: PLC0415
        d = dict(src_dict)
        band = CreditBand(d.pop("band"))




        cached_until = d.pop("cached_until")

        computed_at = d.pop("computed_at")

        consent_expires_at = d.pop("consent_expires_at")

        disclaimer = d.pop("disclaimer")

        factors = []
        _factors = d.pop("factors")
        for factors_item_data in (_factors):
            factors_item = CreditFactor.from_dict(factors_item_data)



            factors.append(factors_item)


        object_ = d.pop("object")

        organisation_name = d.pop("organisation_name")

        score = d.pop("score")

        window_days = d.pop("window_days")

        _currency = d.pop("currency", UNSET)
        currency: ReportCurrency | Unset
        if isinstance(_currency,  Unset):
            currency = UNSET
        else:
            currency = ReportCurrency(_currency)




        report = cls(
            band=band,
            cached_until=cached_until,
            computed_at=computed_at,
            consent_expires_at=consent_expires_at,
            disclaimer=disclaimer,
            factors=factors,
            object_=object_,
            organisation_name=organisation_name,
            score=score,
            window_days=window_days,
            currency=currency,
        )


        report.additional_properties = d
        return report

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
