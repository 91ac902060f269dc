from django.urls import path

from dashboard.web import views

urlpatterns = [
    path("", views.home, name="home"),
]
